/** GET /api/users: an approved, active staff member or admin (people to assign to projects, to write to). */
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
