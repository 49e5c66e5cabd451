import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { ProjectDetail, ProjectPhoto } from "../../../../shared/projects";
import { type SnagStatus, snagStatuses, snagStatusLabels } from "../../../../shared/snags";
import { mutedTextClass } from "../../../components/form/form-fields";
import { FilterTabs } from "../../../components/ui/FilterTabs";
import { SectionCard } from "../../../components/ui/SectionCard";
import { EmptyMessage, ErrorMessage, LoadingMessage } from "../../../components/ui/StatusMessage";
import { snagsQuery } from "../api";
import { Lightbox } from "./Lightbox";
import { SnagForm } from "./SnagForm";
import { SnagItem } from "./SnagItem";

type Filter = SnagStatus | "all";

/**
 * The Snags section: the project's punch list with a status filter; the team (and the client from handover) raise
 * snags, the team marks them fixed, the project office or the client closes or reopens them.
 */
export function ProjectSnags({ project }: { project: ProjectDetail }) {
  const [filter, setFilter] = useState<Filter>("all");
  const snags = useQuery(snagsQuery(project.id, filter === "all" ? undefined : filter));
  const [viewing, setViewing] = useState<{ photos: ProjectPhoto[]; index: number } | null>(null);
  const counts = snags.data?.counts;
  const total = counts ? snagStatuses.reduce((sum, status) => sum + counts[status], 0) : undefined;

  return (
    <div className="flex flex-col gap-6">
      {snags.data?.canRaise ? (
        <SectionCard id="new-snag" title="New snag">
          <SnagForm project={project} />
        </SectionCard>
      ) : null}
      <SectionCard id="snags" title="Snags">
        <div className="flex flex-col gap-4">
          {snags.data?.raiseRefusal ? <p className={`text-sm ${mutedTextClass}`}>{snags.data.raiseRefusal}</p> : null}
          <FilterTabs
            label="Show snags"
            value={filter}
            onChange={setFilter}
            options={[
              { value: "all", label: "All", count: total },
              ...snagStatuses.map((status) => ({ value: status, label: snagStatusLabels[status], count: counts?.[status] })),
            ]}
          />
          {snags.isPending ? <LoadingMessage>Loading snags...</LoadingMessage> : null}
          {snags.isError ? <ErrorMessage error={snags.error} onRetry={() => void snags.refetch()} /> : null}
          {snags.data?.items.length === 0 ? (
            <EmptyMessage title={filter === "all" ? "No snags yet." : `No ${snagStatusLabels[filter].toLowerCase()} snags.`}>
              What is still to put right appears here, newest first.
            </EmptyMessage>
          ) : null}
          {snags.data && snags.data.items.length > 0 ? (
            <ul aria-label="Snags, newest first" className="flex flex-col divide-y divide-neutral-light dark:divide-brand-700">
              {snags.data.items.map((snag) => (
                <SnagItem key={snag.id} projectId={project.id} snag={snag} onOpenPhoto={(photos, index) => setViewing({ photos, index })} />
              ))}
            </ul>
          ) : null}
        </div>
      </SectionCard>
      <Lightbox
        photos={viewing?.photos ?? []}
        index={viewing?.index ?? null}
        onIndexChange={(index) => setViewing((shown) => (shown ? { ...shown, index } : null))}
        onClose={() => setViewing(null)}
      />
    </div>
  );
}
