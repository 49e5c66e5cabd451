import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "../../shared/auth";
import { INTER_CACHED_KEY } from "../lib/inter-font";
import { encodeSessionRecord, INACTIVITY_LIMIT_MS, REFRESH_LOCK, SESSION_STORAGE_KEY } from "../lib/session/session-record";
import { DARK_SCHEME_QUERY, THEME_STORAGE_KEY } from "../lib/theme";
import { startEarlyRefresh } from "./early-refresh";
import { inlineCall } from "./inline-call";
import { drawInInterWhenCached } from "./inter-font";
import { rememberedSession } from "./remembered-session";
import { hideUnlessViewersSession } from "./session-check";
import { applyStoredTheme } from "./theme";

/** A browser as small as the head's scripts need: storage, the <html> element's classes and data, fetch, locks. */
function fakeBrowser({ prefersDark = false, storageFails = false, locks = false } = {}) {
  const storage = (entries: Map<string, string>) => ({
    getItem: (key: string) => {
      if (storageFails) throw new Error("storage refused");
      return entries.get(key) ?? null;
    },
  });
  const local = new Map<string, string>();
  const session = new Map<string, string>();
  const classes = new Set<string>();
  const dataset: Record<string, string> = {};
  const requests: { url: string; init: RequestInit }[] = [];
  const lockNames: string[] = [];
  vi.stubGlobal("localStorage", storage(local));
  vi.stubGlobal("sessionStorage", storage(session));
  vi.stubGlobal("matchMedia", (query: string) => ({ matches: prefersDark && query === DARK_SCHEME_QUERY }));
  vi.stubGlobal("document", { documentElement: { classList: { add: (name: string) => classes.add(name) }, dataset } });
  vi.stubGlobal("window", globalThis);
  vi.stubGlobal("navigator", {
    locks: locks
      ? {
          request: (name: string, work: () => Promise<unknown>) => {
            lockNames.push(name);
            return work();
          },
        }
      : undefined,
  });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      requests.push({ url, init });
      const body = url === "/api/auth/refresh" ? { success: true, data: { accessToken: "new-token" } } : { success: true, data: [] };
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
  return { local, session, classes, dataset, requests, lockNames };
}

/** Runs an inline script as the page would: its text alone, in the global scope. */
const runInPage = (script: string) => new Function(script)();

const place = { storageKey: SESSION_STORAGE_KEY, inactivityLimitMs: INACTIVITY_LIMIT_MS };
const remember = (local: Map<string, string>, id: string, lastActive = Date.now()) =>
  local.set(
    SESSION_STORAGE_KEY,
    encodeSessionRecord({ user: { id, firstName: "Adéọlá" } as SessionUser, sessionStartTime: 0, lastActive }),
  );

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(globalThis, "earlyRefresh");
  Reflect.deleteProperty(globalThis, "earlyData");
});

describe("inlineCall", () => {
  it("writes the function and its arguments so that nothing in them can close the script element", () => {
    const script = inlineCall((text: string) => text.length, "</script><script>alert(1)</script>");
    expect(script).not.toContain("</script");
    expect(runInPage(`return ${script}`)).toBe(34);
  });
});

describe("the theme before the first paint", () => {
  const themeScript = inlineCall(applyStoredTheme, THEME_STORAGE_KEY, DARK_SCHEME_QUERY);

  it("applies the stored choice, else the system's", () => {
    for (const [stored, prefersDark, expected] of [
      ["dark", false, "dark"],
      ["light", true, "light"],
      [undefined, true, "dark"],
      [undefined, false, "light"],
      ["system", true, "dark"],
    ] as const) {
      const browser = fakeBrowser({ prefersDark });
      if (stored) browser.local.set(THEME_STORAGE_KEY, stored);
      runInPage(themeScript);
      expect([...browser.classes]).toEqual([expected]);
    }
  });

  it("falls back to light when storage is refused", () => {
    const browser = fakeBrowser({ prefersDark: true, storageFails: true });
    applyStoredTheme(THEME_STORAGE_KEY, DARK_SCHEME_QUERY);
    expect([...browser.classes]).toEqual(["light"]);
  });
});

describe("Inter before the first paint", () => {
  it("joins the font stack only when this tab fetched it before", () => {
    const fetched = fakeBrowser();
    fetched.session.set(INTER_CACHED_KEY, "1");
    runInPage(inlineCall(drawInInterWhenCached, INTER_CACHED_KEY));
    expect(fetched.dataset.font).toBe("inter");
    const fresh = fakeBrowser();
    runInPage(inlineCall(drawInInterWhenCached, INTER_CACHED_KEY));
    expect(fresh.dataset.font).toBeUndefined();
    fakeBrowser({ storageFails: true });
    expect(() => drawInInterWhenCached(INTER_CACHED_KEY)).not.toThrow();
  });
});

describe("the session remembered by this browser", () => {
  it("reads the record session-record.ts writes, names in any script included", () => {
    const browser = fakeBrowser();
    remember(browser.local, "u1");
    expect(rememberedSession(place)).toMatchObject({ user: { id: "u1", firstName: "Adéọlá" } });
  });

  it("is none once inactive for 30 minutes, or when the record cannot be read", () => {
    const browser = fakeBrowser();
    remember(browser.local, "u1", Date.now() - INACTIVITY_LIMIT_MS);
    expect(rememberedSession(place)).toBeNull();
    browser.local.set(SESSION_STORAGE_KEY, "not base64 JSON");
    expect(rememberedSession(place)).toBeNull();
  });
});

describe("a screen rendered for its viewer", () => {
  const checkScript = (viewerId: string) => inlineCall(hideUnlessViewersSession, rememberedSession, place, viewerId, "session-mismatch");

  it("stays shown when this browser remembers that very person", () => {
    const browser = fakeBrowser();
    remember(browser.local, "u1");
    runInPage(checkScript("u1"));
    expect(browser.classes.size).toBe(0);
  });

  it("is hidden for another person, a session past its limit or none", () => {
    for (const lastActive of [Date.now(), Date.now() - INACTIVITY_LIMIT_MS]) {
      const browser = fakeBrowser();
      remember(browser.local, "someone-else", lastActive);
      runInPage(checkScript("u1"));
      expect([...browser.classes]).toEqual(["session-mismatch"]);
    }
    const signedOut = fakeBrowser();
    runInPage(checkScript("u1"));
    expect([...signedOut.classes]).toEqual(["session-mismatch"]);
  });
});

describe("a signed-in screen's early refresh", () => {
  const refreshScript = (firstData: string[]) => inlineCall(startEarlyRefresh, rememberedSession, place, REFRESH_LOCK, firstData);

  it("asks for nothing when this browser remembers no session", async () => {
    const browser = fakeBrowser();
    runInPage(refreshScript(["/projects"]));
    await vi.runAllTimersAsync();
    expect(browser.requests).toEqual([]);
    expect(window.earlyRefresh).toBeUndefined();
  });

  it("renews the session under the tabs' lock, then asks for the first data with the new token", async () => {
    const browser = fakeBrowser({ locks: true });
    remember(browser.local, "u1");
    runInPage(refreshScript(["/projects", "/feed"]));
    expect(browser.lockNames).toEqual([REFRESH_LOCK]);
    expect(window.earlyRefresh).toBeInstanceOf(Promise);
    await vi.runAllTimersAsync();
    expect(browser.requests.map((request) => request.url)).toEqual(["/api/auth/refresh", "/api/projects", "/api/feed"]);
    expect(new Headers(browser.requests[1]?.init.headers).get("authorization")).toBe("Bearer new-token");
    expect(Object.keys(window.earlyData ?? {})).toEqual(["/projects", "/feed"]);
  });

  it("does not ask again for a path the page asked for meanwhile", async () => {
    const browser = fakeBrowser();
    remember(browser.local, "u1");
    runInPage(refreshScript(["/projects", "/feed"]));
    if (window.earlyData) window.earlyData["/projects"] = null;
    await vi.runAllTimersAsync();
    expect(browser.requests.map((request) => request.url)).toEqual(["/api/auth/refresh", "/api/feed"]);
  });
});
