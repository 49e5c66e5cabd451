import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../db/schema.js";
import { person } from "../../testing/accounts.js";
import { setUpTestServer } from "../../testing/set-up-test-server.js";
import { testDatabase } from "../../testing/test-app.js";

const { call, registerVerified, people } = setUpTestServer();

type Department = { department: string; headcount: number; staff: { email: string }[] };

describe("GET /api/people", () => {
  it("groups active approved staff and admins by department with headcounts, and lists the accounts awaiting approval", async () => {
    const admin = await people.admin();
    const hr = await people.staff("ifeoma@crestbuild.ng", "HR", { firstName: "Ifeoma", lastName: "Eze" });
    await people.staff("musa@crestbuild.ng", "Projects", { firstName: "Musa", lastName: "Abubakar" });
    await people.staff("emeka@crestbuild.ng", "Projects", { firstName: "Emeka", lastName: "Nwosu" });
    const blockedId = (await people.staff("gone@crestbuild.ng", "Projects")).id;
    await (await testDatabase()).db.update(users).set({ active: false }).where(eq(users.id, blockedId));
    await people.client("client@example.com");
    await registerVerified("waiting@crestbuild.ng", { isStaff: true, department: "Secretariat" });
    expect((await call("/auth/register", person("unconfirmed@crestbuild.ng", { isStaff: true, department: "Accounts" }))).status).toBe(201);

    const { status, body } = await call("/people", undefined, hr.auth);
    expect(status).toBe(200);
    const directory = body.data;
    expect(directory.departments.map((group: Department) => group.department)).toEqual([
      "Admin",
      "Accounts",
      "Accounting",
      "Business Administration",
      "Executive Assistant",
      "Digital Marketing",
      "HR",
      "Projects",
      "Secretariat",
    ]);
    const group = (name: string) => directory.departments.find((entry: Department) => entry.department === name) as Department;
    expect(group("Projects").headcount).toBe(2);
    expect(group("Projects").staff.map((member) => member.email)).toEqual(["musa@crestbuild.ng", "emeka@crestbuild.ng"]);
    expect(group("Admin").staff.map((member) => member.email)).toEqual(["admin@crestbuild.ng"]);
    expect(group("Secretariat").headcount).toBe(0);
    expect(directory.totals).toEqual({ staff: 3, admins: 1, total: 4 });

    expect(group("HR").staff[0]).toEqual({
      id: hr.id,
      firstName: "Ifeoma",
      lastName: "Eze",
      email: "ifeoma@crestbuild.ng",
      phone: "+234 803 000 1111",
      department: "HR",
      department_code: expect.stringMatching(/^HR\d{5}$/),
      avatar: null,
      role: "staff",
      lastLoginAt: expect.any(String),
      jobTitle: "",
      phoneExtension: "",
    });
    expect(group("Admin").staff[0]).toMatchObject({ id: admin.id, role: "admin" });

    expect(directory.pending).toEqual([
      {
        id: expect.any(String),
        firstName: "Tunde",
        lastName: "Bakare",
        email: "unconfirmed@crestbuild.ng",
        phone: "+234 803 000 1111",
        department: "Accounts",
        department_code: expect.stringMatching(/^AC\d{5}$/),
        emailConfirmed: false,
        registeredAt: expect.any(String),
      },
      expect.objectContaining({ email: "waiting@crestbuild.ng", department: "Secretariat", emailConfirmed: true }),
    ]);
  });

  it("is open to HR, the Admin department and admins only", async () => {
    const admin = await people.admin();
    const hr = await people.staff("ifeoma@crestbuild.ng", "HR");
    const office = await people.staff("kemi@crestbuild.ng", "Admin");
    const projects = await people.staff("musa@crestbuild.ng", "Projects");
    const client = await people.client("client@example.com");
    for (const allowed of [admin, hr, office]) expect((await call("/people", undefined, allowed.auth)).status).toBe(200);
    for (const refused of [projects, client]) {
      const answer = await call("/people", undefined, refused.auth);
      expect(answer.status).toBe(403);
      expect(answer.body.message).toBe("Access denied. You don't have permission to access this resource.");
    }
    expect((await call("/people")).status).toBe(401);
  });
});
