import { type QueryClient, useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { mutedTextClass } from "../../components/form/form-fields";
import { SectionCard } from "../../components/ui/SectionCard";
import { firstDataOf } from "../../lib/first-data";
import { payingForQuery } from "./api";

/** Shown on the dashboard at once: its answer comes with the dashboard's first data (the page module's exports). */
export const payingForFirstData = firstDataOf(payingForQuery);
export const prefetchPayingFor = (queryClient: QueryClient) => queryClient.prefetchQuery(payingForQuery);

/** The path of the money of a project someone pays for as a payer. */
export const paidProjectPath = (projectId: number) => `/dashboard/paying/${projectId}`;

/** 'Projects you pay for', on the dashboard of someone a client added as a payer; nothing for anyone else. */
export function PayingFor() {
  const paying = useQuery(payingForQuery);
  if (!paying.data || paying.data.items.length === 0) return null;
  return (
    <SectionCard
      id="paying-for"
      title="Projects you pay for"
      description="Projects whose owner added you as a payer: their invoices, your transfers and the statement."
    >
      <ul className="divide-y divide-neutral-light dark:divide-brand-700">
        {paying.data.items.map((project) => (
          <li key={project.id} className="py-2">
            <Link to={paidProjectPath(project.id)} className="font-semibold underline-offset-2 hover:underline">
              {project.title}
            </Link>{" "}
            <span className={`text-sm ${mutedTextClass}`}>
              {project.reference}
              {project.clientName ? `, for ${project.clientName}` : ""}
            </span>
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}
