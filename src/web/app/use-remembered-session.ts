import { useSyncExternalStore } from "react";
import { SESSION_STORAGE_KEY } from "../lib/session/session-record";

const subscribe = (onChange: () => void) => {
  window.addEventListener("storage", onChange);
  return () => window.removeEventListener("storage", onChange);
};

function hasSessionRecord() {
  try {
    return localStorage.getItem(SESSION_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}

/**
 * Whether this browser remembers a signed-in user (another tab signing in counts at once). False on
 * the server and while hydrating, so the first render matches the server's HTML.
 */
export const useRememberedSession = () => useSyncExternalStore(subscribe, hasSessionRecord, () => false);
