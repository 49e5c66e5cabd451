import { lagosDay } from "../../../shared/lagos-time";
import { weatherLabels } from "../../../shared/project-terms";
import { mutedTextClass } from "../../components/form/form-fields";
import { Button } from "../../components/ui/Button";
import { cardClass } from "../../components/ui/SectionCard";
import { useDateFormats } from "../../lib/use-date-formats";
import { useOutboxContext } from "./outbox/outbox-context";
import { SiteActions } from "./SiteActions";
import type { SiteProject, SiteSnag } from "./site-snapshot";

/** One project on /site: its actions, its open snags and today's diary entries (Lagos day). */
export function SiteProjectCard({ project, today }: { project: SiteProject; today: string }) {
  const formats = useDateFormats();
  const headingId = `site-project-${project.id}`;
  const todays = project.diary.filter((entry) => lagosDay(entry.createdAt) === today);
  return (
    <article aria-labelledby={headingId} className={`${cardClass} flex flex-col gap-4`}>
      <header>
        <h2 id={headingId} className="text-xl font-bold break-words">
          {project.title}
        </h2>
        <p className={mutedTextClass}>
          {project.reference} · {project.city}
        </p>
      </header>
      <SiteActions projectId={project.id} projectTitle={project.title} />
      <section aria-label={`Open snags of ${project.title}`}>
        <h3 className="font-semibold">Open snags ({project.openSnags.length})</h3>
        {project.openSnags.length === 0 ? (
          <p className={mutedTextClass}>No open snags.</p>
        ) : (
          <ul className="mt-2 flex flex-col gap-2">
            {project.openSnags.map((snag) => (
              <li key={snag.id} className="break-words">
                <span className="font-medium">{snag.title}</span>
                <span className={`block text-sm ${mutedTextClass}`}>
                  {snag.location}
                  {snag.assignee ? ` · ${snag.assignee}` : ""}
                  {snag.dueOn ? ` · due ${formats.date(snag.dueOn)}` : ""}
                </span>
                <MarkFixed project={project} snag={snag} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-label={`Today's diary of ${project.title}`}>
        <h3 className="font-semibold">Today's diary ({todays.length})</h3>
        {todays.length === 0 ? (
          <p className={mutedTextClass}>Nothing written today yet.</p>
        ) : (
          <ul className="mt-2 flex flex-col gap-3">
            {todays.map((entry) => (
              <li key={entry.id} className="break-words">
                <p className="whitespace-pre-line">{entry.body}</p>
                <p className={`text-sm ${mutedTextClass}`}>
                  {formats.time(entry.createdAt)}
                  {entry.author ? ` · ${entry.author}` : ""}
                  {entry.weather ? ` · ${weatherLabels[entry.weather]}` : ""}
                  {entry.workersOnSite !== null ? ` · ${entry.workersOnSite} on site` : ""}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </article>
  );
}

/** 'Mark fixed' on an open snag: the move is kept in the outbox and sent in turn (until then it says so). */
function MarkFixed({ project, snag }: { project: SiteProject; snag: SiteSnag }) {
  const outbox = useOutboxContext();
  const queued = outbox.items.some((item) => item.kind === "snag-move" && item.snagId === snag.id && item.state !== "failed");
  if (queued) return <span className={`block text-sm ${mutedTextClass}`}>Marked fixed (see the outbox).</span>;
  return (
    <Button
      variant="secondary"
      className="mt-1"
      aria-label={`Mark fixed: ${snag.title}`}
      onClick={() =>
        void outbox.queue(
          { id: project.id, title: project.title },
          { kind: "snag-move", snagId: snag.id, snagSeq: null, snagTitle: snag.title },
        )
      }
    >
      Mark fixed
    </Button>
  );
}
