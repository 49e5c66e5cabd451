import { useQuery } from "@tanstack/react-query";
import type { HealthCheck, HealthStatus } from "../../../shared/admin";
import { ErrorMessage, LoadingMessage } from "../../components/ui/StatusMessage";
import { useDateFormats } from "../../lib/use-date-formats";
import { adminHealthQuery } from "./api";

/** /admin shows the installation's health and asks again this often. */
const HEALTH_REFRESH_MS = 30_000;

const statusText: Record<HealthStatus, string> = { ok: "Working", failing: "Failing", off: "Not configured" };
const statusClass: Record<HealthStatus, string> = {
  ok: "bg-green-100 text-green-900 dark:bg-green-900 dark:text-green-100",
  failing: "bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100",
  off: "bg-neutral-light/60 text-brand-900 dark:bg-brand-700 dark:text-neutral-100",
};

function StatusRow({ label, check }: { label: string; check: HealthCheck }) {
  return (
    <div className="flex flex-col gap-1 py-2 sm:flex-row sm:items-center sm:gap-3">
      <dt className="font-medium sm:w-32">{label}</dt>
      <dd className="flex min-w-0 flex-wrap items-center gap-2">
        <span className={`rounded-full px-3 py-0.5 text-sm font-semibold ${statusClass[check.status]}`}>{statusText[check.status]}</span>
        <span className="break-words text-sm">{check.detail}</span>
      </dd>
    </div>
  );
}

const megabytes = (bytes: number) => `${Math.round(bytes / 1_048_576)} MB`;

function uptime(seconds: number) {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return hours > 0 ? `${hours} h ${minutes} min` : `${minutes} min`;
}

/** GET /api/admin/health as statuses, refreshed every 30 seconds while the screen is open. */
export function HealthPanel() {
  const formats = useDateFormats();
  const health = useQuery({ ...adminHealthQuery(), refetchInterval: HEALTH_REFRESH_MS });
  if (health.isPending) return <LoadingMessage>Checking the installation...</LoadingMessage>;
  if (health.isError) return <ErrorMessage error={health.error} onRetry={() => void health.refetch()} />;
  const { database, storage, mail, redis } = health.data;
  return (
    <div className="flex flex-col gap-3">
      <dl aria-label="Health" className="divide-y divide-neutral-light dark:divide-brand-700">
        <StatusRow label="Database" check={database} />
        <StatusRow label="Storage" check={storage} />
        <StatusRow label="Mail" check={mail} />
        <StatusRow label="Redis" check={redis} />
      </dl>
      <p className="text-sm">
        Last migration {database.lastMigration ?? "unknown"} · version {health.data.version} · up {uptime(health.data.uptimeSeconds)} ·
        memory {megabytes(health.data.memory.rssBytes)} · checked {formats.dateTime(health.data.checkedAt)}
      </p>
    </div>
  );
}
