import { useSearchParams } from "react-router";

/**
 * A list's filters kept in the address (?status=...&page=2), so a reload or a shared link shows the same
 * view. `update` sets or clears some of them; changing any filter but the page goes back to page 1.
 */
export function useSearchFilters() {
  const [params, setParams] = useSearchParams();
  const update = (changes: Record<string, string | undefined>) => setParams(withChanges(params, changes), { replace: true });
  return { params, update };
}

/** The address's parameters with some changed (undefined or "" removes one); any change but the page's goes back to page 1. */
export function withChanges(params: URLSearchParams, changes: Record<string, string | undefined>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [name, value] of Object.entries(changes)) {
    if (value) next.set(name, value);
    else next.delete(name);
  }
  if (!("page" in changes)) next.delete("page");
  return next;
}

/** The value of a filter if it is one of the allowed ones. */
export const pickAllowed = <T extends string>(value: string | null, allowed: readonly T[]) => allowed.find((item) => item === value);

/** The page number of the address, 1 when absent or not a number. */
export const pageOf = (params: URLSearchParams) => Math.max(1, Number(params.get("page")) || 1);
