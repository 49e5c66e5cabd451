/** The departments, with their code letters and dashboard paths (docs/product.md#departments). */
export const departments = [
  { name: "Admin", letters: "AD", dashboard: "/dashboard/admin" },
  { name: "Accounts", letters: "AC", dashboard: "/dashboard/accounts" },
  { name: "Accounting", letters: "AC", dashboard: "/dashboard/accounts" },
  { name: "Business Administration", letters: "BU", dashboard: "/dashboard/business-administration" },
  { name: "Executive Assistant", letters: "EX", dashboard: "/dashboard/executive-assistant" },
  { name: "Digital Marketing", letters: "DI", dashboard: "/dashboard/digital-marketing" },
  { name: "HR", letters: "HR", dashboard: "/dashboard/hr" },
  { name: "Projects", letters: "PR", dashboard: "/dashboard/projects" },
  { name: "Secretariat", letters: "SE", dashboard: "/dashboard/secretariat" },
  { name: "General Users", letters: "GE", dashboard: "/dashboard" },
] as const;

export type DepartmentName = (typeof departments)[number]["name"];

export const GENERAL_USERS: DepartmentName = "General Users";

export const departmentNames = departments.map((department) => department.name) as [DepartmentName, ...DepartmentName[]];

export const isDepartmentName = (value: string): value is DepartmentName => (departmentNames as readonly string[]).includes(value);

/** The staff's departments: every one but General Users, which is every client's (no calls, channels or staff in it). */
export const staffDepartmentNames = departmentNames.filter((name) => name !== GENERAL_USERS) as [DepartmentName, ...DepartmentName[]];

export const roles = ["admin", "staff", "user"] as const;
export type Role = (typeof roles)[number];

export const roleLabels: Record<Role, string> = { admin: "Administrator", staff: "Staff", user: "Client" };

/** Where a user lands after sign-in: admins on /admin, staff on their department's dashboard, clients on /dashboard. */
export function dashboardPathFor(user: { role: Role; department: string }): string {
  if (user.role === "admin") return "/admin";
  if (user.role === "user") return "/dashboard";
  return departments.find((department) => department.name === user.department)?.dashboard ?? "/dashboard";
}

/** docs/product.md#departments: the first two letters of the department in upper case plus a random five-digit number. */
export function departmentCodeFor(department: string, random: () => number = Math.random): string {
  const letters = department
    .replace(/[^a-z]/gi, "")
    .slice(0, 2)
    .toUpperCase();
  const digits = String(Math.floor(random() * 100_000)).padStart(5, "0");
  return `${letters}${digits}`;
}
