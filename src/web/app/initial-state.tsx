import { createContext, type ReactNode, useContext } from "react";
import { useLocation } from "react-router";

/** What the server learnt while rendering the first page, handed to the browser in the HTML. */
export type InitialAppState = {
  /** The first page's data turned out not to exist (unknown category, post or page number). */
  notFound: boolean;
  origin: string;
};

const InitialNotFoundContext = createContext(false);

export function InitialStateProvider({ notFound, children }: { notFound: boolean; children: ReactNode }) {
  return <InitialNotFoundContext.Provider value={notFound}>{children}</InitialNotFoundContext.Provider>;
}

// React Router gives the history entry the page was loaded on this key; later entries get random ones.
const FIRST_ENTRY_KEY = "default";

/** True on the history entry the page was loaded on, when the server found nothing there. */
export function useInitialNotFound(): boolean {
  const notFound = useContext(InitialNotFoundContext);
  const { key } = useLocation();
  return notFound && key === FIRST_ENTRY_KEY;
}
