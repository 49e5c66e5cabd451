import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { mutedTextClass } from "../../../components/form/form-fields";
import { RelativeTime } from "../../../components/ui/RelativeTime";
import { EmptyMessage, ErrorMessage, LoadingMessage } from "../../../components/ui/StatusMessage";
import { projectsListQuery } from "../../../lib/queries/projects";
import { categoryLabel, placeOf, projectPagePath } from "../project-labels";
import { ConvertRequestDialog } from "./ConvertRequestDialog";

/** The requests as the office sees them: oldest first, so none waits longest. */
const WAITING_REQUESTS = { status: "requested", sort: "created", page: 1, pageSize: 50 } as const;

/** Clients' requests waiting for the project office, each ready to become a project. */
export function ClientRequests() {
  const requests = useQuery(projectsListQuery(WAITING_REQUESTS));
  if (requests.isPending) return <LoadingMessage>Loading client requests...</LoadingMessage>;
  if (requests.isError) return <ErrorMessage error={requests.error} onRetry={() => void requests.refetch()} />;
  if (requests.data.items.length === 0) {
    return <EmptyMessage title="No request is waiting.">When a client asks for a new project, it appears here.</EmptyMessage>;
  }
  return (
    <ul className="divide-y divide-neutral-light dark:divide-brand-700">
      {requests.data.items.map((request) => (
        <li key={request.id} className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 md:flex-row md:items-center md:justify-between">
          <div className="min-w-0">
            <p className="font-semibold break-words">
              <Link to={projectPagePath(request.id)} className="underline-offset-2 hover:underline">
                {request.title}
              </Link>
            </p>
            <p className="text-sm">
              {request.client?.name ?? "Unknown client"} · {categoryLabel(request.category)} · {placeOf(request)}
            </p>
            <p className={`text-sm ${mutedTextClass}`}>
              <span className="font-mono">{request.reference}</span> · changed <RelativeTime iso={request.updatedAt} />
            </p>
          </div>
          <ConvertRequestDialog request={request} />
        </li>
      ))}
    </ul>
  );
}
