import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { ApiError } from "../../../shared/api";
import { PRIVATE_QUERY_META } from "../../lib/query/api-query";
import { useAuth } from "../../lib/session/AuthProvider";
import { fetchSiteSnapshot, type SiteSnapshot, savedSiteSnapshot } from "./site-snapshot";

/**
 * What /site shows: fetched live while the session is, else (the server cannot be reached) what this device kept
 * for the remembered person. `saved` true says it is the kept copy, of `snapshot.savedAt`.
 */
export type SiteData =
  | { state: "loading" }
  | { state: "error"; error: Error; retry: () => void }
  | { state: "ready"; snapshot: SiteSnapshot; saved: boolean }
  | { state: "nothing-saved" };

/** No answer at all: the network (or the server) is not there; any other failure is the server's answer. */
const isUnreachable = (error: unknown) => !(error instanceof ApiError) || error.status === 0;

export function useSiteData(): SiteData {
  const { status, user, restoreSession } = useAuth();
  const userId = user?.id ?? "";
  const live = useQuery({
    queryKey: ["/site", { user: userId }],
    queryFn: () => fetchSiteSnapshot(userId),
    meta: PRIVATE_QUERY_META,
    enabled: status === "authenticated" && userId !== "",
  });
  const offline = status === "unavailable" || (live.isError && isUnreachable(live.error));
  const [saved, setSaved] = useState<SiteSnapshot | null | undefined>(undefined);

  useEffect(() => {
    if (!offline || !userId) return;
    let current = true;
    void savedSiteSnapshot(userId).then((snapshot) => {
      if (current) setSaved(snapshot);
    });
    return () => {
      current = false;
    };
  }, [offline, userId]);

  // Back online: the session is renewed as usual (or ended, and sign-in is asked for).
  useEffect(() => {
    if (status !== "unavailable") return;
    const renew = () => void restoreSession();
    window.addEventListener("online", renew);
    return () => window.removeEventListener("online", renew);
  }, [status, restoreSession]);

  if (live.data) return { state: "ready", snapshot: live.data, saved: false };
  if (offline) {
    if (saved === undefined) return { state: "loading" };
    return saved ? { state: "ready", snapshot: saved, saved: true } : { state: "nothing-saved" };
  }
  if (live.isError) return { state: "error", error: live.error, retry: () => void live.refetch() };
  return { state: "loading" };
}
