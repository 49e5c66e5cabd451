/** What a head script is called with: JSON values, or another function of this folder. */
type ScriptArgument =
  | string
  | number
  | boolean
  | null
  | readonly ScriptArgument[]
  | { readonly [key: string]: ScriptArgument }
  | ((...args: never[]) => unknown);

/** A JSON value or function written into a <script> element: nothing in it can close the element. */
const scriptText = (value: ScriptArgument) =>
  (typeof value === "function" ? value.toString() : JSON.stringify(value)).replace(/<\//g, "<\\/");

/**
 * The JavaScript, for an inline <script> in the page's <head>, that calls `run` with `args` as it is loaded. `run` is
 * written out as its own compiled source, so it (and any function passed to it) may use only its parameters and the
 * browser's globals: no import, no variable from around it. The scripts are allowed by the response's CSP nonce.
 */
export function inlineCall<Args extends ScriptArgument[]>(run: (...args: Args) => void, ...args: Args): string {
  return `(${scriptText(run)})(${args.map(scriptText).join(",")})`;
}
