/** GET /api/users (staff and admins): one active, approved staff member or admin of the directory. */
export type DirectoryEntry = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  role: string;
  department: string;
  department_code: string | null;
  avatar: string | null;
};

/** GET /api/users: by department, then name. */
export type StaffDirectory = { users: DirectoryEntry[] };
