import type { PeopleDirectory } from "../../../shared/people";
import { StatCard, StatGrid } from "../../components/ui/StatCard";

/** How many people the company has, in all and in each department. */
export function HeadcountFigures({ people }: { people: PeopleDirectory }) {
  return (
    <div className="flex flex-col gap-4">
      <StatGrid label="Headcount">
        <StatCard label="Everyone" value={people.totals.total} hint="Approved staff and administrators" />
        <StatCard label="Staff" value={people.totals.staff} />
        <StatCard label="Administrators" value={people.totals.admins} />
        <StatCard label="Awaiting approval" value={people.pending.length} hint="Registered staff, not yet let in" />
      </StatGrid>
      <StatGrid label="Headcount by department">
        {people.departments.map((department) => (
          <StatCard key={department.department} label={department.department} value={department.headcount} />
        ))}
      </StatGrid>
    </div>
  );
}
