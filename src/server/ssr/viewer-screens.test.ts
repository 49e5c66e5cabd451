import { describe, expect, it } from "vitest";
import { defaultSecuritySettings } from "../../shared/security.js";
import { TEST_PASSWORD } from "../testing/accounts.js";
import { readPage } from "../testing/html.js";
import { setUpTestServer } from "../testing/set-up-test-server.js";
import { VIEWER_RENDERS_PER_MINUTE } from "./viewer-renders.js";

const { server, call, people, createProject } = setUpTestServer();

/** Signs in as a browser does (the tokens in cookies): answers the session's cookies by name, as Set-Cookie wrote them. */
async function signInAsBrowser(email: string) {
  const answer = await call("/auth/login", { email, password: TEST_PASSWORD });
  expect(answer.status).toBe(200);
  const cookies = new Map(answer.headers.getSetCookie().map((line) => [line.slice(0, line.indexOf("=")), line]));
  const cookieValue = (name: string) => /^[^=]+=([^;]*)/.exec(cookies.get(name) ?? "")?.[1] ?? "";
  return {
    cookies,
    screenToken: cookieValue("cb_screen"),
    refreshToken: cookieValue("cb_refresh"),
    userId: answer.body.data.user.id as string,
  };
}

async function getDashboard(screenToken?: string, path = "/dashboard") {
  const response = await fetch(server().url(path), { headers: screenToken ? { cookie: `cb_screen=${screenToken}` } : {} });
  const html = await response.text();
  const state = JSON.parse(/<script id="app-state" type="application\/json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "{}");
  return { response, html, page: readPage(html), state };
}

/** The dashboard as a browser without a recognised session gets it: the splash screen, which its scripts complete. */
function expectSharedSplash({ response, page, state }: Awaited<ReturnType<typeof getDashboard>>) {
  expect(response.status).toBe(200);
  expect(page.h1).toEqual([]);
  expect(page.bodyText).toContain("Preparing your experience...");
  expect(state.portal).toBeUndefined();
  expect(response.headers.get("cache-control")).toContain("public");
  expect(response.headers.get("vary")).toContain("cookie");
}

describe("the dashboard rendered for its viewer", () => {
  it("comes with the person's name, projects and figures in its HTML, and the session and answers it was rendered with", async () => {
    const office = await people.staff("office@crestbuild.ng", "Projects");
    await people.client("halima@crestbuild.ng", { firstName: "Halima" });
    const halima = await signInAsBrowser("halima@crestbuild.ng");
    await createProject(office, { title: "Maitama Clinic", clientId: halima.userId });
    await createProject(office, { title: "Gwarinpa Duplex", clientId: halima.userId, status: "completed", progress: 100 });
    await createProject(office, { title: "Someone Else's Estate" });

    const { response, html, page, state } = await getDashboard(halima.screenToken);
    expect(response.status).toBe(200);
    expect(page.title).toBe("Dashboard | Crestbuild");
    expect(page.meta("robots")).toBe("noindex");
    expect(page.h1).toEqual(["Welcome, Halima"]);
    expect(page.bodyText).toContain("Maitama Clinic");
    expect(page.bodyText).toContain("Gwarinpa Duplex");
    expect(page.bodyText).not.toContain("Someone Else's Estate");
    expect(page.bodyText).not.toContain("Preparing your experience...");
    // The figures are the server's counts: one under way, two in all.
    expect(html).toMatch(/Projects under way[\s\S]*?>1<[\s\S]*?2 in all/);
    // What the browser hydrates with: the person, the token the cookie held, and the answers shown.
    expect(state.portal.user).toMatchObject({ id: halima.userId, email: "halima@crestbuild.ng" });
    expect(state.portal.accessToken).toBe(halima.screenToken);
    const keys = state.portal.queries.queries.map((query: { queryKey: unknown[] }) => query.queryKey[0]);
    expect(keys).toEqual(expect.arrayContaining(["/projects", "/projects/feed", "/notifications", "/conversations"]));
    // The HTML checks that this browser's session is hers before showing it, and starts no refresh of its own.
    expect(html).toContain("session-mismatch");
    expect(html).not.toContain("/api/auth/refresh");
  });

  it("is kept by no cache: private and not stored, no ETag, varying with the cookie, and each answer with its own nonce", async () => {
    await people.client("emeka@crestbuild.ng");
    const { screenToken } = await signInAsBrowser("emeka@crestbuild.ng");
    const first = await getDashboard(screenToken);
    const second = await getDashboard(screenToken);
    expect(first.response.headers.get("cache-control")).toBe("private, no-store");
    expect(first.response.headers.get("etag")).toBeNull();
    expect(first.response.headers.get("vary")).toContain("cookie");
    const nonceOf = (html: string) => /<script nonce="([^"]+)"/.exec(html)?.[1];
    expect(nonceOf(first.html)).toBeTruthy();
    expect(nonceOf(first.html)).not.toBe(nonceOf(second.html));
    expect(first.response.headers.get("content-security-policy")).toContain(`'nonce-${nonceOf(first.html)}'`);
  });

  it("never reaches anyone else: the next visitor without a cookie gets the splash, and another person their own dashboard", async () => {
    await people.client("ada@crestbuild.ng", { firstName: "Ada" });
    await people.client("bayo@crestbuild.ng", { firstName: "Bayo" });
    const ada = await signInAsBrowser("ada@crestbuild.ng");
    const bayo = await signInAsBrowser("bayo@crestbuild.ng");
    expect((await getDashboard(ada.screenToken)).page.h1).toEqual(["Welcome, Ada"]);
    expectSharedSplash(await getDashboard());
    const forBayo = await getDashboard(bayo.screenToken);
    expect(forBayo.page.h1).toEqual(["Welcome, Bayo"]);
    expect(forBayo.html).not.toContain("ada@crestbuild.ng");
    // A browser that kept the anonymous splash's ETag gets its dashboard, not a 304.
    const splash = await getDashboard();
    const revalidated = await fetch(server().url("/dashboard"), {
      headers: { cookie: `cb_screen=${ada.screenToken}`, "if-none-match": splash.response.headers.get("etag") ?? "" },
    });
    expect(revalidated.status).toBe(200);
    expect(readPage(await revalidated.text()).h1).toEqual(["Welcome, Ada"]);
  });

  it("is the splash for a cookie that is forged, tampered with, from an ended session or a blocked account", async () => {
    const admin = await people.admin();
    await people.client("ngozi@crestbuild.ng");
    const ngozi = await signInAsBrowser("ngozi@crestbuild.ng");
    const [header, claims] = ngozi.screenToken.split(".");
    expectSharedSplash(await getDashboard("not-a-token"));
    expectSharedSplash(await getDashboard(`${header}.${claims}.${"A".repeat(43)}`));

    // Signed out: the answer clears the cookie, and the token it held no longer opens the dashboard.
    const signedOut = await call("/auth/logout", {}, { cookie: `cb_refresh=${ngozi.refreshToken}` });
    expect(signedOut.headers.getSetCookie().find((line) => line.startsWith("cb_screen="))).toMatch(/Expires=Thu, 01 Jan 1970/);
    expectSharedSplash(await getDashboard(ngozi.screenToken));

    const again = await signInAsBrowser("ngozi@crestbuild.ng");
    expect((await getDashboard(again.screenToken)).page.h1).toHaveLength(1);
    expect((await call(`/admin/users/${again.userId}/block`, { blocked: true }, admin.auth)).status).toBe(200);
    expectSharedSplash(await getDashboard(again.screenToken));
  });

  it("is the splash for a person whose two-step enrolment is due (the screen would not open for them)", async () => {
    const admin = await people.admin();
    await people.staff("builder@crestbuild.ng", "Projects");
    const settings = { ...defaultSecuritySettings, mfaRequiredForStaff: true };
    expect((await call("/admin/security/settings", settings, admin.auth, "PUT")).status).toBe(200);
    const builder = await signInAsBrowser("builder@crestbuild.ng");
    expect(builder.screenToken).not.toBe("");
    expectSharedSplash(await getDashboard(builder.screenToken));
  });

  it("sets its cookie for /dashboard only, httpOnly and same-site, renewed with each refresh", async () => {
    await people.client("tunde@crestbuild.ng");
    const signedIn = await signInAsBrowser("tunde@crestbuild.ng");
    expect(signedIn.cookies.get("cb_screen")).toMatch(/; Max-Age=900; Path=\/dashboard; HttpOnly; Secure; SameSite=Strict$/);
    const refreshed = await call("/auth/refresh", {}, { cookie: `cb_refresh=${signedIn.refreshToken}` });
    const renewed = refreshed.headers.getSetCookie().find((line) => line.startsWith("cb_screen=")) ?? "";
    const renewedToken = /^cb_screen=([^;]*)/.exec(renewed)?.[1];
    expect(renewedToken).toBe(refreshed.body.data.accessToken);
    expect((await getDashboard(renewedToken)).page.h1).toHaveLength(1);
  });

  it("renders only the dashboard for its viewer: the department dashboards under it stay the shared splash", async () => {
    await people.staff("kemi@crestbuild.ng", "HR");
    const kemi = await signInAsBrowser("kemi@crestbuild.ng");
    const hr = await getDashboard(kemi.screenToken, "/dashboard/hr");
    expect(hr.state.portal).toBeUndefined();
    expect(hr.response.headers.get("cache-control")).toContain("public");
  });

  it(`renders ${VIEWER_RENDERS_PER_MINUTE} times a minute for one person, even 40 asked at once; then the shared page, while others still get theirs`, async () => {
    await people.client("amaka@crestbuild.ng");
    await people.client("bisi@crestbuild.ng", { firstName: "Bisi" });
    const amaka = await signInAsBrowser("amaka@crestbuild.ng");
    const bisi = await signInAsBrowser("bisi@crestbuild.ng");
    const answers = await Promise.all(Array.from({ length: 40 }, () => getDashboard(amaka.screenToken)));
    expect(answers.every(({ response }) => response.status === 200)).toBe(true);
    const rendered = answers.filter(({ state }) => state.portal !== undefined);
    expect(rendered).toHaveLength(VIEWER_RENDERS_PER_MINUTE);
    for (const answer of answers.filter(({ state }) => state.portal === undefined)) expectSharedSplash(answer);
    expect((await getDashboard(bisi.screenToken)).page.h1).toEqual(["Welcome, Bisi"]);
  });
});
