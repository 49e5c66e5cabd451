/**
 * The address's parameters with some changed (undefined or "" removes one). A list's filters live in
 * the address; any change but the page's goes back to page 1.
 */
export function withChanges(params: URLSearchParams, changes: Record<string, string | undefined>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [name, value] of Object.entries(changes)) {
    if (value) next.set(name, value);
    else next.delete(name);
  }
  if (!("page" in changes)) next.delete("page");
  return next;
}
