import { describe, expect, it } from "vitest";
import { departmentNames, GENERAL_USERS, type Role, staffDepartmentNames } from "../../shared/departments";
import { destinationsFor, splitForTabBar } from "./portal-destinations";
import { matchPortalRoute } from "./routes";

const everyone: { id: string; role: Role; department: string }[] = [
  { id: "client", role: "user", department: GENERAL_USERS },
  ...staffDepartmentNames.map((department) => ({ id: `staff-${department}`, role: "staff" as const, department })),
  ...departmentNames.map((department) => ({ id: `admin-${department}`, role: "admin" as const, department })),
];

describe("the portal's destinations", () => {
  it.each(everyone)("lead $role of $department only to screens they may open", (person) => {
    for (const destination of destinationsFor(person)) {
      const route = matchPortalRoute(destination.to);
      expect(route, destination.to).not.toBeNull();
      expect(route?.layout).toBe("portal");
      if (route?.admin) expect(person.role).toBe("admin");
      expect(route?.allow?.(person) ?? true, destination.to).toBe(true);
    }
  });

  it.each(everyone)("give $role of $department four tabs and every other section in 'More', each once", (person) => {
    const { tabs, more } = splitForTabBar(person);
    expect(tabs).toHaveLength(4);
    expect([...tabs, ...more].map((destination) => destination.id).sort()).toEqual(
      destinationsFor(person)
        .map((destination) => destination.id)
        .sort(),
    );
  });

  it("choose the tabs of each role", () => {
    const ids = (person: (typeof everyone)[number]) => splitForTabBar(person).tabs.map((destination) => destination.id);
    expect(ids({ id: "c", role: "user", department: GENERAL_USERS })).toEqual(["dashboard", "messages", "security", "settings"]);
    expect(ids({ id: "s", role: "staff", department: "HR" })).toEqual(["dashboard", "messages", "calls", "settings"]);
    expect(ids({ id: "a", role: "admin", department: "Admin" })).toEqual(["administration", "projects", "messages", "calls"]);
    expect(splitForTabBar({ id: "s", role: "staff", department: "HR" }).tabs[0]?.to).toBe("/dashboard/hr");
  });
});
