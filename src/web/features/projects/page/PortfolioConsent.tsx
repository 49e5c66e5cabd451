import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { ProjectDetail } from "../../../../shared/projects";
import { failureMessage } from "../../../components/form/form-errors";
import { FormAlert, mutedTextClass } from "../../../components/form/form-fields";
import { Switch } from "../../../components/form/Switch";
import { SectionCard } from "../../../components/ui/SectionCard";
import { formatDate } from "../../../lib/format";
import { refreshProjects } from "../../../lib/queries/projects";
import { toast } from "../../../lib/toast";
import { projectQuery, projectsApi } from "../api";

/**
 * The client's say on the company's website: off until they turn it on; turning it off takes the project off the
 * website at once. Saved as it is switched; on failure the switch shows what is saved and says why.
 */
export function PortfolioConsent({ project }: { project: ProjectDetail }) {
  const queryClient = useQueryClient();
  // What was just switched to, shown at once (in the click's own render) until the server has answered.
  const [switchedTo, setSwitchedTo] = useState<boolean | null>(null);
  const save = useMutation({
    onSettled: () => setSwitchedTo(null),
    mutationFn: (consent: boolean) => projectsApi.setPortfolioConsent(project.id, consent),
    onSuccess: async (saved, consent) => {
      queryClient.setQueryData(projectQuery(project.id).queryKey, saved);
      toast.success(
        consent
          ? "Thank you. The company may now show this project on its website."
          : "The project is no longer shown on the company's website.",
      );
      await refreshProjects(queryClient);
    },
  });
  const agreed = project.portfolioConsent;
  const checked = switchedTo ?? agreed !== null;
  return (
    <SectionCard
      id="website"
      title="On our website"
      description="Whether the company may show this project in the portfolio of its public website."
      className="lg:col-span-2"
    >
      <div className="flex flex-col gap-3">
        <Switch
          id="portfolio-consent"
          label="I agree to this project being shown on the company's website"
          hint="Only its title, category, town, year, a short public summary and the photos chosen for it; never its budget, documents, messages or site diary. Turn this off at any time to take it off the website."
          checked={checked}
          disabled={save.isPending}
          onChange={(event) => {
            setSwitchedTo(event.target.checked);
            save.mutate(event.target.checked);
          }}
        />
        <p className={`text-sm ${mutedTextClass}`} aria-live="polite">
          {save.isPending
            ? "Saving..."
            : agreed
              ? `Agreed on ${formatDate(agreed.givenAt)}${agreed.givenBy ? ` by ${agreed.givenBy}` : ""}.`
              : "Not agreed: the project is not shown on the website."}
        </p>
        <FormAlert message={save.isError ? failureMessage(save.error) : null} />
      </div>
    </SectionCard>
  );
}
