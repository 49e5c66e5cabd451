import { asc, desc } from "drizzle-orm";
import { departments, GENERAL_USERS } from "../../../shared/departments.js";
import type { DepartmentStaff, PeopleDirectory, StaffIdentity, StaffMember } from "../../../shared/people.js";
import type { AppDb } from "../../db/client.js";
import { users } from "../../db/schema.js";
import { activeStaff, awaitingApproval } from "../../db/staff-accounts.js";

/** Staff departments in their usual order; General Users are the clients. */
const staffDepartments = departments.map((department) => department.name).filter((name) => name !== GENERAL_USERS);

const columns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  department: users.department,
  departmentCode: users.departmentCode,
  avatarUrl: users.avatarUrl,
  role: users.role,
  lastLoginAt: users.lastLoginAt,
  jobTitle: users.jobTitle,
  phoneExtension: users.phoneExtension,
  emailVerifiedAt: users.emailVerifiedAt,
  createdAt: users.createdAt,
};

type IdentityColumns = "id" | "firstName" | "lastName" | "email" | "phone" | "department" | "departmentCode";

const identityOf = (user: Pick<typeof users.$inferSelect, IdentityColumns>): StaffIdentity => ({
  id: user.id,
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  phone: user.phone,
  department: user.department,
  department_code: user.departmentCode,
});

/** HR's view of the company: who works in which department, and who waits for approval. */
export function createPeopleService(db: AppDb) {
  return {
    async directory(): Promise<PeopleDirectory> {
      const [members, waiting] = await Promise.all([
        db.select(columns).from(users).where(activeStaff).orderBy(asc(users.department), asc(users.lastName), asc(users.firstName)),
        db.select(columns).from(users).where(awaitingApproval).orderBy(desc(users.createdAt)),
      ]);
      const byDepartment = new Map<string, StaffMember[]>(staffDepartments.map((name) => [name, []]));
      for (const user of members) {
        const member: StaffMember = {
          ...identityOf(user),
          avatar: user.avatarUrl,
          // activeStaff selects staff and admins only, which the column's type cannot say.
          role: user.role as StaffMember["role"],
          lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
          jobTitle: user.jobTitle,
          phoneExtension: user.phoneExtension,
        };
        const list = byDepartment.get(user.department) ?? [];
        list.push(member);
        byDepartment.set(user.department, list);
      }
      const grouped: DepartmentStaff[] = [...byDepartment].map(([department, staff]) => ({ department, headcount: staff.length, staff }));
      const admins = members.filter((user) => user.role === "admin").length;
      return {
        departments: grouped,
        totals: { staff: members.length - admins, admins, total: members.length },
        pending: waiting.map((user) => ({
          ...identityOf(user),
          emailConfirmed: user.emailVerifiedAt !== null,
          registeredAt: user.createdAt.toISOString(),
        })),
      };
    },
  };
}

export type PeopleService = ReturnType<typeof createPeopleService>;
