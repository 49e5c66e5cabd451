import { useSyncExternalStore } from "react";
import { useLocation } from "react-router";

const noChanges = () => () => {};

/**
 * The state the screen that sent the person here passed along (react-router's location state), or null while the page
 * hydrates: the server rendered the screen without any, and the first render in the browser must match it. A reload
 * keeps the state in the tab's history, so it is there once hydrated.
 */
export function useLocationState(): unknown {
  const { state } = useLocation();
  const hydrated = useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
  return hydrated ? state : null;
}
