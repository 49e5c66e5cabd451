import { lagosDay } from "../../../shared/lagos-time";
import { mutedTextClass } from "../../components/form/form-fields";
import { ErrorMessage, LoadingMessage } from "../../components/ui/StatusMessage";
import { useDateFormats } from "../../lib/use-date-formats";
import { OutboxList } from "./outbox/OutboxList";
import { OutboxContext } from "./outbox/outbox-context";
import { useOutbox } from "./outbox/use-outbox";
import { SiteProjectCard } from "./SiteProjectCard";
import { useSiteData } from "./use-site-data";

/**
 * The site app's screen: the person's active projects with their actions, open snags and today's diary, and the
 * outbox of what was made here.
 */
export function SiteScreen() {
  const outbox = useOutbox();
  return (
    <OutboxContext.Provider value={outbox}>
      <div className="flex flex-col gap-4">
        <SiteProjects />
        <OutboxList />
      </div>
    </OutboxContext.Provider>
  );
}

function SiteProjects() {
  const data = useSiteData();
  const formats = useDateFormats();
  if (data.state === "loading") return <LoadingMessage>Loading your projects…</LoadingMessage>;
  if (data.state === "error") return <ErrorMessage error={data.error} onRetry={data.retry} />;
  if (data.state === "nothing-saved") {
    return (
      <p role="status" className={mutedTextClass}>
        Offline, and nothing was saved on this device yet: open this screen once with a connection.
      </p>
    );
  }
  const { snapshot, saved } = data;
  return (
    <div className="flex flex-col gap-4">
      {saved ? (
        <p
          role="status"
          className="rounded-md border border-amber-700 bg-amber-50 p-3 text-amber-900 dark:border-amber-300 dark:bg-amber-950 dark:text-amber-100"
        >
          Offline: showing what was saved on {formats.dateTime(snapshot.savedAt)}.
        </p>
      ) : null}
      {snapshot.projects.length === 0 ? (
        <p className={mutedTextClass}>You are on the team of no active project.</p>
      ) : (
        snapshot.projects.map((project) => <SiteProjectCard key={project.id} project={project} today={lagosDay(Date.now())} />)
      )}
    </div>
  );
}
