import type { ReactNode } from "react";
import type { ProjectDetail } from "../../../../shared/projects";
import { linkClass, mutedTextClass } from "../../../components/form/form-fields";
import { Avatar } from "../../../components/ui/Avatar";
import { SectionCard } from "../../../components/ui/SectionCard";
import { EmptyMessage } from "../../../components/ui/StatusMessage";
import { useAuth } from "../../../lib/session/AuthProvider";
import { useDateFormats } from "../../../lib/use-date-formats";
import { ContactCard } from "../ContactCard";
import { avatarPerson } from "../person";
import { categoryLabel } from "../project-labels";
import { BudgetSummary } from "./BudgetSummary";
import { PortfolioConsent } from "./PortfolioConsent";
import { SiteCircle } from "./SiteCircle";

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 border-b border-neutral-light py-2 last:border-b-0 sm:flex-row sm:gap-4 dark:border-brand-700">
      <dt className={`shrink-0 text-sm font-medium sm:w-44 sm:text-base ${mutedTextClass}`}>{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

function Team({ project }: { project: ProjectDetail }) {
  if (project.team.length === 0) return <EmptyMessage title="No team assigned yet." />;
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {project.team.map((member) => (
        <li key={member.id} className="flex min-w-0 items-center gap-3">
          <Avatar person={avatarPerson(member)} />
          <div className="min-w-0">
            <p className="font-semibold">{member.name}</p>
            <p className={`text-sm ${mutedTextClass}`}>{member.department}</p>
            <a href={`mailto:${member.email}`} className={`text-sm break-all ${linkClass}`}>
              {member.email}
            </a>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The Overview section: description, key facts, money (for those who may see it), the people; the client's say on the website. */
export function ProjectOverview({ project }: { project: ProjectDetail }) {
  const formats = useDateFormats();
  const { user } = useAuth();
  const address = [project.address, project.city, project.state, project.country].filter(Boolean).join(", ");
  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      <SectionCard id="about" title="About the project" className="lg:col-span-2">
        <p className="break-words whitespace-pre-line">{project.description}</p>
      </SectionCard>
      <SectionCard id="facts" title="Key facts">
        <dl>
          <Fact label="Reference">
            <span className="font-mono">{project.reference}</span>
          </Fact>
          <Fact label="Category">{categoryLabel(project.category)}</Fact>
          <Fact label="Site">{address}</Fact>
          <Fact label="Milestones">
            {project.milestones.filter((milestone) => milestone.doneOn).length} of {project.milestones.length} done
          </Fact>
          <Fact label="Site updates">{project.counts.updates}</Fact>
          <Fact label="Photos">{project.counts.photos}</Fact>
          <Fact label="Documents">{project.counts.documents}</Fact>
          <Fact label="Created">{formats.date(project.createdAt)}</Fact>
        </dl>
      </SectionCard>
      <div className="flex flex-col gap-6">
        {project.finance ? (
          <SectionCard id="budget" title="Budget">
            <BudgetSummary finance={project.finance} />
          </SectionCard>
        ) : null}
        <SiteCircle project={project} />
        <SectionCard id="contacts" title="Contacts">
          <div className="flex flex-col gap-4">
            {project.manager ? (
              <ContactCard person={project.manager} relation="Project manager" />
            ) : (
              <p>No project manager assigned yet.</p>
            )}
            {/* The client reaches the people on the project; their own card is not one of them. */}
            {project.client && project.client.id !== user?.id ? <ContactCard person={project.client} relation="Client" /> : null}
          </div>
        </SectionCard>
      </div>
      <SectionCard id="team" title="Team" className="lg:col-span-2">
        <Team project={project} />
      </SectionCard>
      {project.permissions.consent ? <PortfolioConsent project={project} /> : null}
    </div>
  );
}
