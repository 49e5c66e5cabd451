import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import type { ChatPerson } from "../../../shared/conversations";
import { Avatar } from "../../components/ui/Avatar";
import { useAuth } from "../../lib/session/AuthProvider";
import { presenceQuery } from "./api";

const PRESENCE_REFRESH_MS = 60_000;
/** The server answers for at most this many people at once. */
const PRESENCE_MAX_IDS = 100;

/** Which of these people have the portal open, refreshed every minute; empty for clients (staff presence is not theirs to see). */
export function useOnlinePeople(ids: readonly string[]): ReadonlySet<string> {
  const { user } = useAuth();
  const asked = [...new Set(ids)].slice(0, PRESENCE_MAX_IDS);
  const presence = useQuery({
    ...presenceQuery(asked),
    enabled: user !== null && user.role !== "user" && asked.length > 0,
    refetchInterval: PRESENCE_REFRESH_MS,
    staleTime: PRESENCE_REFRESH_MS,
  });
  return useMemo(() => new Set(presence.data?.online ?? []), [presence.data]);
}

/** A photo or initials, from the one name a conversation gives of a person. */
export function PersonAvatar({ person, online }: { person: Pick<ChatPerson, "name" | "avatar"> | null; online?: boolean }) {
  const [firstName = "?", ...rest] = (person?.name ?? "?").split(" ");
  return (
    <span className="relative shrink-0">
      <Avatar person={{ firstName, lastName: rest.at(-1) ?? "", avatar: person?.avatar ?? null }} />
      {online ? <OnlineDot /> : null}
    </span>
  );
}

/** The green dot on the corner of someone's photo (decorative: the name beside it says "online" to screen readers, see OnlineText). */
function OnlineDot() {
  return (
    <span aria-hidden className="absolute -right-0.5 -bottom-0.5 size-3 rounded-full bg-green-600 ring-2 ring-white dark:ring-brand-900" />
  );
}

/** After a person's name: ", online" for screen readers. */
export function OnlineText({ online }: { online: boolean }) {
  return online ? <span className="sr-only">, online</span> : null;
}
