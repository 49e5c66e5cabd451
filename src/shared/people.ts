/** GET /api/people: the staff directory by department (HR and admins). */

export type StaffMember = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  department: string;
  department_code: string | null;
  avatar: string | null;
  role: "staff" | "admin";
  lastLoginAt: string | null;
};

export type DepartmentStaff = { department: string; headcount: number; staff: StaffMember[] };

/** A staff account registered but not yet approved by an admin (POST /api/admin/users/{id}/approve lets it in). */
export type PendingStaffAccount = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  department: string;
  department_code: string | null;
  /** Whether the owner has confirmed the email address with the emailed code. */
  emailConfirmed: boolean;
  registeredAt: string;
};

export type PeopleDirectory = {
  /** Every staff department, in the order of src/shared/departments.ts, even when nobody is in it yet. */
  departments: DepartmentStaff[];
  totals: { staff: number; admins: number; total: number };
  /** Newest registration first. */
  pending: PendingStaffAccount[];
};
