import { describe, expect, it } from "vitest";
import { authMessages, REFRESH_TOKEN_IN_BODY_HEADER } from "../../../shared/auth.js";
import { mailText } from "../../testing/mail-catcher.js";
import { setUpTestServer } from "../../testing/set-up-test-server.js";

const { call, mail, people } = setUpTestServer();

const FIREFOX_LINUX = "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0";

/** "14:05 BST": what a clock in that zone showed at the instant, with the zone's British short name. */
function clockIn(zone: string, instant: Date, locale = "en-GB"): string {
  const format = new Intl.DateTimeFormat(locale, {
    timeZone: zone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZoneName: "short",
  });
  const parts = Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, part.value]));
  return `${parts.hour}:${parts.minute} ${parts.timeZoneName}`;
}

describe("each person's time zone", () => {
  it("is not chosen at first, is saved when valid and refused with a clear message otherwise", async () => {
    const ada = await people.client("ada@example.com");
    const first = await call("/auth/profile", undefined, ada.auth);
    expect(first.status).toBe(200);
    expect(first.body.data.timeZone).toBeNull();
    const { location } = first.body.data;

    for (const timeZone of ["Mars/Olympus_Mons", "Europe/Londres", "", "../../etc/passwd", "A".repeat(10_000), 42]) {
      const refused = await call("/auth/profile", { timeZone, location: "Kano" }, ada.auth, "PUT");
      expect(refused.status, String(timeZone).slice(0, 40)).toBe(400);
      expect(refused.body.fields.timeZone).toBe(authMessages.invalidTimeZone);
    }
    // Nothing of a refused request is kept.
    const unchanged = await call("/auth/profile", undefined, ada.auth);
    expect(unchanged.body.data).toMatchObject({ timeZone: null, location });

    const saved = await call("/auth/profile", { timeZone: "Europe/London" }, ada.auth, "PUT");
    expect(saved.status).toBe(200);
    expect(saved.body.data.timeZone).toBe("Europe/London");
    expect((await call("/auth/profile", undefined, ada.auth)).body.data.timeZone).toBe("Europe/London");
    // The session's user at the next refresh says it too.
    const refreshed = await call("/auth/refresh", { refreshToken: ada.refreshToken });
    expect(refreshed.body.data.user.timeZone).toBe("Europe/London");

    // A browser in UTC, or one naming India's zone either way, is understood.
    for (const timeZone of ["UTC", "Asia/Kolkata", "Asia/Calcutta", "America/Argentina/Buenos_Aires"]) {
      const accepted = await call("/auth/profile", { timeZone }, ada.auth, "PUT");
      expect(accepted.status, timeZone).toBe(200);
      expect(accepted.body.data.timeZone).toBe(timeZone);
    }
    // Other fields saved alone leave the zone as it is.
    const named = await call("/auth/profile", { location: "Kaduna" }, ada.auth, "PUT");
    expect(named.body.data).toMatchObject({ location: "Kaduna", timeZone: "America/Argentina/Buenos_Aires" });
  });

  it("takes the browser's zone at the first sign-in only, and never fails a sign-in over it", async () => {
    const ada = await people.client("ada@example.com");
    expect((await call("/auth/profile", undefined, ada.auth)).body.data.timeZone).toBeNull();
    const signInWith = async (timeZone: unknown) => {
      const checked = await call("/auth/verify-credentials", { email: "ada@example.com", password: "harmattan-2026" });
      const { userId, ticket } = checked.body.data;
      const completed = await call("/auth/complete-login", { userId, ticket, timeZone });
      expect(completed.status).toBe(200);
      return completed.body.data.user.timeZone;
    };
    // A zone Intl does not know, or no text at all, is ignored: signed in, still none chosen.
    expect(await signInWith("Mars/Olympus_Mons")).toBeNull();
    expect(await signInWith({ zone: "Europe/London" })).toBeNull();
    expect(await signInWith("Europe/London")).toBe("Europe/London");
    // Later sign-ins from elsewhere leave the chosen zone alone: only /settings changes it.
    expect(await signInWith("Asia/Tokyo")).toBe("Europe/London");
  });

  it("writes the time of a security email in its recipient's zone, with the zone's name", async () => {
    const ama = await people.client("ama@example.com");
    expect((await call("/auth/profile", { timeZone: "Europe/London" }, ama.auth, "PUT")).status).toBe(200);
    const before = new Date();
    const signIn = await call(
      "/auth/login",
      { email: "ama@example.com", password: "harmattan-2026" },
      { [REFRESH_TOKEN_IN_BODY_HEADER]: "body", "user-agent": FIREFOX_LINUX },
    );
    expect(signIn.status).toBe(200);
    const notice = mailText(await mail().latestTo("ama@example.com", "New sign-in"));
    const after = new Date();
    const said = /on (\d{1,2} \w+ \d{4}) at (\d\d:\d\d \w+)\./.exec(notice);
    expect(said, notice).not.toBeNull();
    expect([clockIn("Europe/London", before), clockIn("Europe/London", after)]).toContain(said?.[2]);
    expect(said?.[2]).toMatch(/ (GMT|BST)$/);

    // Someone who has not chosen reads Lagos time, the company's.
    const obi = await people.client("obi@example.com");
    expect((await call("/auth/profile", undefined, obi.auth)).body.data.timeZone).toBeNull();
    const start = new Date();
    await call(
      "/auth/login",
      { email: "obi@example.com", password: "harmattan-2026" },
      { [REFRESH_TOKEN_IN_BODY_HEADER]: "body", "user-agent": FIREFOX_LINUX },
    );
    const lagosNotice = mailText(await mail().latestTo("obi@example.com", "New sign-in"));
    const lagos = /at (\d\d:\d\d) WAT\./.exec(lagosNotice);
    expect(lagos, lagosNotice).not.toBeNull();
    expect([clockIn("Africa/Lagos", start, "en-NG"), clockIn("Africa/Lagos", new Date(), "en-NG")]).toContain(`${lagos?.[1]} WAT`);
  });
});
