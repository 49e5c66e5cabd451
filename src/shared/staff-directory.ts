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
  /** Kept by HR and the administrators; empty when not set. */
  jobTitle: string;
  /** The desk phone's extension, digits only; empty when none. */
  phoneExtension: string;
};

/** GET /api/users: by department, then name. */
export type StaffDirectory = { users: DirectoryEntry[] };
