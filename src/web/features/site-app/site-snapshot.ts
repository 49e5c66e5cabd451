import { lagosDay } from "../../../shared/lagos-time";
import { type CursorPage, PROJECT_MAX_PAGE_SIZE, type ProjectListPage, type SiteUpdate } from "../../../shared/projects";
import { SITE_DIARY_DAYS, SITE_PROJECT_STATUSES } from "../../../shared/site-app";
import type { SnagList } from "../../../shared/snags";
import { apiRequest } from "../../lib/http/client";
import { readFromDevice, saveForDevice } from "../../lib/offline/device-data";

/** An open snag as /site shows it. */
export type SiteSnag = { id: number; title: string; location: string; dueOn: string | null; assignee: string | null };

/** A diary entry as /site shows it (its text as written: the device keeps no HTML). */
export type SiteDiaryEntry = {
  id: number;
  body: string;
  weather: SiteUpdate["weather"];
  workersOnSite: number | null;
  author: string | null;
  createdAt: string;
};

export type SiteProject = {
  id: number;
  reference: string;
  title: string;
  city: string;
  status: string;
  openSnags: SiteSnag[];
  /** The last SITE_DIARY_DAYS days of the diary (of its latest page), newest first. */
  diary: SiteDiaryEntry[];
};

/** What /site shows, as fetched at `savedAt` (and kept on the device for reading offline). */
export type SiteSnapshot = { savedAt: string; projects: SiteProject[] };

const SNAPSHOT_NAME = "site";
const DAY_MS = 86_400_000;

const snagOf = (snag: SnagList["items"][number]): SiteSnag => ({
  id: snag.id,
  title: snag.title,
  location: snag.location,
  dueOn: snag.dueOn,
  assignee: snag.assignee?.name ?? null,
});

const entryOf = (update: SiteUpdate): SiteDiaryEntry => ({
  id: update.id,
  body: update.body,
  weather: update.weather,
  workersOnSite: update.workersOnSite,
  author: update.author?.name ?? null,
  createdAt: update.createdAt,
});

/** The Lagos day SITE_DIARY_DAYS days back: entries from it on are kept. */
const firstKeptDay = (now: number) => lagosDay(now - (SITE_DIARY_DAYS - 1) * DAY_MS);

async function siteProjectOf(project: ProjectListPage["items"][number], now: number): Promise<SiteProject> {
  const [snags, diary] = await Promise.all([
    apiRequest<SnagList>("GET", `/projects/${project.id}/snags?status=open`),
    apiRequest<CursorPage<SiteUpdate>>("GET", `/projects/${project.id}/updates`),
  ]);
  const since = firstKeptDay(now);
  return {
    id: project.id,
    reference: project.reference,
    title: project.title,
    city: project.city,
    status: project.status,
    openSnags: snags.items.map(snagOf),
    diary: diary.items.filter((update) => lagosDay(update.createdAt) >= since).map(entryOf),
  };
}

/** Fetches what /site shows for the signed-in person and keeps it on this device for them. */
export async function fetchSiteSnapshot(userId: string): Promise<SiteSnapshot> {
  const now = Date.now();
  const search = new URLSearchParams({ team: "mine", status: SITE_PROJECT_STATUSES.join(","), pageSize: String(PROJECT_MAX_PAGE_SIZE) });
  const list = await apiRequest<ProjectListPage>("GET", `/projects?${search}`);
  const snapshot = {
    savedAt: new Date(now).toISOString(),
    projects: await Promise.all(list.items.map((project) => siteProjectOf(project, now))),
  };
  // A device that cannot keep it still shows it now.
  await saveForDevice(userId, SNAPSHOT_NAME, snapshot).catch(() => null);
  return snapshot;
}

/** What was last kept on this device for this person, or null. */
export const savedSiteSnapshot = (userId: string) => readFromDevice<SiteSnapshot>(userId, SNAPSHOT_NAME);
