import { createContext, useContext } from "react";
import type { Outbox } from "./use-outbox";

/** The outbox of /site, given by SiteScreen to the project cards' actions. */
export const OutboxContext = createContext<Outbox | null>(null);

export function useOutboxContext(): Outbox {
  const outbox = useContext(OutboxContext);
  if (!outbox) throw new Error("useOutboxContext outside SiteScreen");
  return outbox;
}
