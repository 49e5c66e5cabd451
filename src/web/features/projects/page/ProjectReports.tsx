import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { FileText } from "lucide-react";
import type { ProjectDetail } from "../../../../shared/projects";
import type { ProjectReport } from "../../../../shared/reports";
import { failureMessage } from "../../../components/form/form-errors";
import { FormAlert, mutedTextClass } from "../../../components/form/form-fields";
import { Button } from "../../../components/ui/Button";
import { SectionCard } from "../../../components/ui/SectionCard";
import { EmptyMessage, ErrorMessage, LoadingMessage } from "../../../components/ui/StatusMessage";
import { toast } from "../../../lib/toast";
import { useDateFormats } from "../../../lib/use-date-formats";
import { projectReportsQuery, projectsApi } from "../api";
import { DownloadButton } from "../DownloadButton";
import { formatFileSize } from "../upload-checks";

/** The office makes this week's report now, besides the one the schedule makes every Monday. */
function MakeReport({ project }: { project: ProjectDetail }) {
  const queryClient = useQueryClient();
  const make = useMutation({
    mutationFn: () => projectsApi.makeReport(project.id),
    onSuccess: async () => {
      toast.success("This week's report is made.", {
        description: "The client is emailed a link to it, unless they turned those emails off.",
      });
      await queryClient.invalidateQueries({ queryKey: projectReportsQuery(project.id).queryKey });
    },
  });
  return (
    <div className="flex flex-col gap-3">
      <p className={`text-sm ${mutedTextClass}`}>
        A PDF of this week so far: progress, milestones, verified photos, the site diary, live checks and the evidence log's head. The
        client receives each week's report by email every Monday at 07:00.
      </p>
      <FormAlert message={make.isError ? failureMessage(make.error) : null} />
      <Button onClick={() => make.mutate()} disabled={make.isPending} className="self-start">
        {make.isPending ? "Making the report..." : "Make this week's report"}
      </Button>
    </div>
  );
}

function ReportLine({ report }: { report: ProjectReport }) {
  const formats = useDateFormats();
  const week = `Week of ${formats.date(report.weekStart)} to ${formats.date(report.weekEnd)}`;
  return (
    <li className="flex flex-col gap-3 py-3 first:pt-0 last:pb-0 md:flex-row md:items-center md:justify-between">
      <div className="flex min-w-0 items-start gap-2">
        <FileText aria-hidden className="mt-0.5 size-5 shrink-0" />
        <div className="min-w-0">
          <p className="font-medium break-words">{week}</p>
          <p className={`text-sm break-words ${mutedTextClass}`}>
            Made {formats.dateTime(report.madeAt)} {report.madeBy ? `by ${report.madeBy.name}` : "by the Monday schedule"} ·{" "}
            {report.progress}% complete · {formatFileSize(report.sizeBytes)}
          </p>
        </div>
      </div>
      <DownloadButton document={{ title: week, fileName: `report-${report.weekStart}.pdf`, downloadUrl: report.downloadUrl }} />
    </li>
  );
}

/** The Reports section: the weekly progress reports (PDF), newest first; the office makes this week's on demand. */
export function ProjectReports({ project }: { project: ProjectDetail }) {
  const reports = useQuery(projectReportsQuery(project.id));
  return (
    <div className="flex flex-col gap-6">
      {project.permissions.edit ? (
        <SectionCard id="make-report" title="Make a report">
          <MakeReport project={project} />
        </SectionCard>
      ) : null}
      <SectionCard id="report-list" title="Weekly reports">
        {reports.isPending ? <LoadingMessage>Loading reports...</LoadingMessage> : null}
        {reports.isError ? <ErrorMessage error={reports.error} onRetry={() => void reports.refetch()} /> : null}
        {reports.data?.items.length === 0 ? (
          <EmptyMessage title="No report yet.">
            Every Monday at 07:00 a PDF of the week before is made here: progress, milestones, verified photos and the site diary.
          </EmptyMessage>
        ) : null}
        {reports.data && reports.data.items.length > 0 ? (
          <ul aria-label="Weekly reports" className="divide-y divide-neutral-light dark:divide-brand-700">
            {reports.data.items.map((report) => (
              <ReportLine key={report.id} report={report} />
            ))}
          </ul>
        ) : null}
      </SectionCard>
    </div>
  );
}
