import Bowser from "bowser";

/** Bowser's names where people say them shorter. */
const browserNames: Record<string, string> = {
  "Microsoft Edge": "Edge",
  "Samsung Internet for Android": "Samsung Internet",
  "Opera Touch": "Opera",
};
const systemNames: Record<string, string> = { "Chrome OS": "ChromeOS", iOS: "iPhone" };

/**
 * "Chrome on Windows", "Safari on iPhone": a device in plain words from its user agent, read by a maintained
 * parser (bowser), the same on the server (emails, threat rules) and in the browser (the security page).
 */
export function describeUserAgent(userAgent: string | null): string {
  if (!userAgent) return "Unknown device";
  const parser = Bowser.getParser(userAgent);
  const browserName = parser.getBrowserName();
  const browser = browserNames[browserName] ?? browserName;
  const model = parser.getPlatform().model;
  const osName = parser.getOSName();
  const system = osName === "iOS" && (model === "iPad" || model === "iPhone") ? model : (systemNames[osName] ?? osName);
  if (browser && system) return `${browser} on ${system}`;
  return browser || system || "Unknown browser";
}
