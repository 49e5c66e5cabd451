import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { BEACON_MAX_BYTES, type Timeframe } from "../../../shared/analytics.js";
import type { DepartmentName, Role } from "../../../shared/departments.js";
import type { SecurityOutcome } from "../../../shared/security-events.js";
import { productWording, wording } from "../../../shared/wording.js";
import {
  analyticsDaily,
  blogPosts,
  contactInquiries,
  pageViews,
  projects,
  securityEvents,
  services,
  settings,
  users,
} from "../../db/schema.js";
import { setUpTestServer } from "../../testing/set-up-test-server.js";
import { testDatabase } from "../../testing/test-app.js";
import { createCollector } from "./collector.js";
import { rollUp } from "./rollup.js";

const { call, server, people } = setUpTestServer();

const DAY = 86_400_000;
const db = async () => (await testDatabase()).db;
const todayUtc = () => Date.parse(new Date().toISOString().slice(0, 10));
/** 06:00 UTC of the day `days` before today. */
const daysAgo = (days: number) => new Date(todayUtc() - days * DAY + 6 * 3_600_000);
const isoDay = (time: Date) => time.toISOString().slice(0, 10);

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

async function adminGet(path: string) {
  const admin = await people.admin();
  const answer = await call(path, undefined, admin.auth);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}

/** Sends a beacon as navigator.sendBeacon does: a JSON string as text/plain. */
function beacon(body: string, headers: Record<string, string> = {}) {
  return fetch(server().url("/api/analytics/collect"), {
    method: "POST",
    headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": BROWSER, ...headers },
    body,
  });
}
/** Waits out the roll-up the server ran at start (it holds the lock first), then empties the roll-ups. */
async function withoutRollUps() {
  await rollUp(await db());
  await (await db()).delete(analyticsDaily);
}

const pageView = (path: string, extra: Record<string, unknown> = {}) => JSON.stringify({ kind: "pageview", path, width: 1280, ...extra });

describe("admin figures per timeframe", () => {
  /** People, sign-ins, projects and inquiries 1, 10, 60, 200 and 400 days ago (and the admin, today). */
  async function loadFixtures() {
    const d = await db();
    const account = (email: string, role: Role, department: DepartmentName, days: number) => ({
      email,
      firstName: "Fixture",
      lastName: "Person",
      department,
      role,
      passwordHash: "not-a-hash",
      createdAt: daysAgo(days),
    });
    const [a, b, c] = await d
      .insert(users)
      .values([
        account("a@example.ng", "user", "General Users", 1),
        account("b@example.ng", "staff", "Projects", 10),
        account("c@example.ng", "user", "General Users", 60),
        account("d@example.ng", "staff", "HR", 200),
        account("e@example.ng", "user", "General Users", 400),
      ])
      .returning({ id: users.id });
    const event = (userId: string | undefined, type: string, outcome: SecurityOutcome, days: number) => ({
      userId,
      type,
      outcome,
      createdAt: daysAgo(days),
    });
    await d
      .insert(securityEvents)
      .values([
        event(a?.id, "sign_in", "success", 1),
        event(a?.id, "sign_in", "success", 2),
        event(a?.id, "sign_in", "failure", 1),
        event(b?.id, "sign_in", "success", 10),
        event(c?.id, "identity_sign_in", "success", 60),
        event(c?.id, "password_change", "success", 3),
      ]);
    await d.delete(projects);
    const project = (n: number, days: number, fields: Partial<typeof projects.$inferInsert>): typeof projects.$inferInsert => ({
      slug: `fixture-${n}`,
      reference: `CB-FX-${n}`,
      title: `Fixture ${n}`,
      description: "A fixture.",
      city: "Abuja",
      country: "Nigeria",
      category: "residential",
      createdAt: daysAgo(days),
      startDate: isoDay(daysAgo(days)),
      ...fields,
    });
    const [p1, , p3] = await d
      .insert(projects)
      .values([
        project(1, 1, { status: "in_progress", progress: 40, budgetKobo: 100_000_00, spentKobo: 25_000_00 }),
        project(2, 10, {
          status: "completed",
          category: "commercial",
          progress: 100,
          budgetKobo: 200_000_00,
          spentKobo: 180_000_00,
          completedOn: isoDay(daysAgo(2)),
        }),
        project(3, 60, { status: "planning", progress: 10, budgetKobo: 50_000_00 }),
        project(4, 200, { status: "completed", progress: 100, completedOn: isoDay(daysAgo(200)) }),
      ])
      .returning({ id: projects.id });
    const inquiry = (days: number, projectId?: number) => ({
      name: "Visitor",
      email: "visitor@example.ng",
      subject: "A duplex",
      message: "Please call me.",
      projectId,
      createdAt: daysAgo(days),
    });
    await d.insert(contactInquiries).values([inquiry(1, p1?.id), inquiry(1), inquiry(10), inquiry(60, p3?.id)]);
  }

  const expected: Record<Timeframe, { users: object; projects: object; buckets: number; granularity: string }> = {
    "7d": {
      granularity: "day",
      buckets: 7,
      users: { signUps: 2, activeUsers: 2, signUpsByRole: { user: 1, admin: 1 }, signUpsByDepartment: { "General Users": 1, Admin: 1 } },
      projects: {
        started: 1,
        completed: 1,
        created: 1,
        byStatus: { in_progress: 1 },
        byCategory: { residential: 1 },
        averageProgress: 40,
        budgetNaira: 100_000,
        spentNaira: 25_000,
        inquiries: 2,
        converted: 1,
      },
    },
    "30d": {
      granularity: "day",
      buckets: 30,
      users: { signUps: 3, activeUsers: 3, signUpsByRole: { user: 1, staff: 1, admin: 1 } },
      projects: {
        started: 2,
        completed: 1,
        created: 2,
        byStatus: { in_progress: 1, completed: 1 },
        byCategory: { residential: 1, commercial: 1 },
        averageProgress: 70,
        budgetNaira: 300_000,
        spentNaira: 205_000,
        inquiries: 3,
        converted: 1,
      },
    },
    "90d": {
      granularity: "week",
      buckets: 0,
      users: { signUps: 4, activeUsers: 4, signUpsByRole: { user: 2, staff: 1, admin: 1 } },
      projects: { started: 3, completed: 1, created: 3, averageProgress: 50, budgetNaira: 350_000, inquiries: 4, converted: 2 },
    },
    "12m": {
      granularity: "month",
      buckets: 12,
      users: { signUps: 5, activeUsers: 4, signUpsByRole: { user: 2, staff: 2, admin: 1 }, signUpsByDepartment: { HR: 1 } },
      projects: { started: 4, completed: 2, created: 4, byStatus: { in_progress: 1, completed: 2, planning: 1 }, averageProgress: 62.5 },
    },
  };

  it("counts sign-ups, active users, projects and inquiries per bucket for each timeframe", async () => {
    await people.admin();
    await loadFixtures();
    for (const timeframe of ["7d", "30d", "90d", "12m"] as const) {
      const want = expected[timeframe];
      const usersFigures = await adminGet(`/admin/analytics/users?timeframe=${timeframe}`);
      expect(usersFigures, timeframe).toMatchObject({ timeframe, granularity: want.granularity, ...want.users });
      if (want.buckets) expect(usersFigures.buckets).toHaveLength(want.buckets);
      // The buckets add up to the totals, and each row landed in its own bucket.
      const signUps = usersFigures.buckets.map((bucket: { signUps: number }) => bucket.signUps);
      expect(signUps.reduce((total: number, n: number) => total + n, 0)).toBe(usersFigures.signUps);
      const projectFigures = await adminGet(`/admin/analytics/projects?timeframe=${timeframe}`);
      expect(projectFigures, timeframe).toMatchObject({ timeframe, granularity: want.granularity, ...want.projects });
    }

    const week = await adminGet("/admin/analytics/users?timeframe=7d");
    expect(week.buckets.at(-1)).toEqual({ start: isoDay(new Date()), signUps: 1, activeUsers: 1 });
    expect(week.buckets.at(-2)).toEqual({ start: isoDay(daysAgo(1)), signUps: 1, activeUsers: 1 });
    // Two successful sign-ins of one person two days running: one active user each day, one in the timeframe.
    expect(week.buckets.at(-3)).toMatchObject({ start: isoDay(daysAgo(2)), activeUsers: 1 });

    const quarter = await adminGet("/admin/analytics/projects?timeframe=90d");
    const mondays = quarter.buckets.map((bucket: { start: string }) => new Date(bucket.start).getUTCDay());
    expect(new Set(mondays)).toEqual(new Set([1]));
    expect(quarter.buckets[0].start <= isoDay(daysAgo(89))).toBe(true);

    const year = await adminGet("/admin/analytics/projects?timeframe=12m");
    const month200 = `${isoDay(daysAgo(200)).slice(0, 7)}-01`;
    expect(year.buckets.find((bucket: { start: string }) => bucket.start === month200)).toMatchObject({ started: 1, completed: 1 });
  });

  it("counts a person once per day, week and month however often they sign in, from every way of signing in, and forgets a deleted account", async () => {
    const d = await db();
    const today = async () => {
      const figures = await adminGet("/admin/analytics/users?timeframe=7d");
      return {
        activeUsers: figures.activeUsers,
        todays: figures.buckets.at(-1).activeUsers,
        month: (await adminGet("/admin/analytics/users?timeframe=12m")).buckets.at(-1).activeUsers,
      };
    };
    const before = await today();
    const [person] = await d
      .insert(users)
      .values({
        email: "often@example.ng",
        firstName: "Often",
        lastName: "Here",
        department: "General Users",
        role: "user",
        passwordHash: "not-a-hash",
      })
      .returning({ id: users.id });
    const signIn = (type: string, outcome: SecurityOutcome) => ({ userId: person?.id, type, outcome });
    await d.insert(securityEvents).values([signIn("sign_in", "success"), signIn("sign_in", "failure")]);
    await d.insert(securityEvents).values([signIn("sign_in", "success"), signIn("identity_sign_in", "success")]);
    expect(await today()).toEqual({ activeUsers: before.activeUsers + 1, todays: before.todays + 1, month: before.month + 1 });

    await d.delete(users).where(sql`${users.id} = ${person?.id}`);
    expect(await today()).toEqual(before);
  });

  it("refuses another timeframe (400), and anyone but an admin (401, 403)", async () => {
    const admin = await people.admin();
    for (const query of ["?timeframe=1y", "?timeframe=", ""]) {
      const refused = await call(`/admin/analytics/site${query}`, undefined, admin.auth);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(productWording.validationFailed);
      expect(refused.body.fields.timeframe).toBe("Timeframe must be 7d, 30d, 90d or 12m.");
    }
    const client = await people.client("client@example.ng");
    for (const report of ["users", "projects", "site"]) {
      const forbidden = await call(`/admin/analytics/${report}?timeframe=7d`, undefined, client.auth);
      expect(forbidden.status).toBe(403);
      expect(forbidden.body.message).toBe(wording.accessDenied);
      expect((await call(`/admin/analytics/${report}?timeframe=7d`)).status).toBe(401);
    }
  });
});

describe("the collector", () => {
  it("stores a page view without a cookie or the address: its path, referring site, device and a visitor hash", async () => {
    const answer = await beacon(pageView("/services", { referrer: "https://www.google.com/search?q=builders", width: 390 }), {
      "x-forwarded-for": "203.0.113.7",
    });
    expect(answer.status).toBe(202);
    expect(await answer.json()).toMatchObject({ success: true, data: { recorded: true } });
    expect(answer.headers.get("set-cookie")).toBeNull();
    const [row] = await (await db()).select().from(pageViews);
    expect(row).toMatchObject({ kind: "pageview", path: "/services", referrer: "www.google.com", device: "mobile", value: null });
    expect(row?.visitor).toMatch(/^[\w-]{22}$/);
    expect(JSON.stringify(row)).not.toContain("127.0.0.1");

    // Its own pages are no referrer; a Web Vitals measure keeps its value.
    await beacon(pageView("/about", { referrer: "https://www.crestbuild.test/services" }));
    await beacon(JSON.stringify({ kind: "LCP", path: "/about", width: 800, value: 1234.5 }));
    const rows = await (await db()).select().from(pageViews).orderBy(pageViews.id);
    expect(rows.slice(1)).toMatchObject([
      { kind: "pageview", path: "/about", referrer: null, device: "desktop" },
      { kind: "LCP", value: 1234.5, device: "tablet" },
    ]);
  });

  it("refuses junk (400) and oversized beacons (413), and stores nothing", async () => {
    const notJson = await beacon("{kind: pageview");
    expect(notJson.status).toBe(400);
    expect(((await notJson.json()) as { message: string }).message).toBe(productWording.invalidJson);
    for (const junk of [
      "[]",
      JSON.stringify({ kind: "pageview", path: "https://elsewhere.example/", width: 1 }),
      JSON.stringify({ kind: "pageview", path: "/api/auth/login", width: 1 }),
      JSON.stringify({ kind: "click", path: "/", width: 1 }),
      JSON.stringify({ kind: "CLS", path: "/", width: 1, value: -1 }),
      pageView("/", { email: "someone@example.ng" }),
    ]) {
      const refused = await beacon(junk);
      expect(refused.status, junk).toBe(400);
      expect(((await refused.json()) as { message: string }).message).toBe(productWording.validationFailed);
    }
    const oversized = await beacon(pageView("/", { referrer: `https://example.ng/${"x".repeat(BEACON_MAX_BYTES)}` }));
    expect(oversized.status).toBe(413);
    expect(((await oversized.json()) as { message: string }).message).toBe(productWording.payloadTooLarge);
    expect(await (await db()).select().from(pageViews)).toEqual([]);
  });

  it("honours DNT and Sec-GPC, and does not count a known bot", async () => {
    const declined: Record<string, string>[] = [{ dnt: "1" }, { "sec-gpc": "1" }, { "user-agent": GOOGLEBOT }, { "user-agent": "" }];
    for (const headers of declined) {
      const answer = await beacon(pageView("/"), headers);
      expect(answer.status).toBe(202);
      expect(await answer.json()).toMatchObject({ data: { recorded: false } });
    }
    expect(await (await db()).select().from(pageViews)).toEqual([]);

    // A person's view and a bot's: the site's figures count one.
    await beacon(pageView("/"));
    await beacon(pageView("/"), { "user-agent": GOOGLEBOT });
    await rollUp(await db());
    expect(await adminGet("/admin/analytics/site?timeframe=7d")).toMatchObject({
      views: 1,
      visitors: 1,
      topPages: [{ key: "/", value: 1 }],
    });
  });

  it("limits each address (429 past 300 a minute)", async () => {
    const junk = Array.from({ length: 300 }, () => beacon("junk", { "x-forwarded-for": "198.51.100.1" }));
    expect(new Set((await Promise.all(junk)).map((answer) => answer.status))).toEqual(new Set([400]));
    const limited = await beacon(pageView("/"));
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("knows a visitor for one day: the hash changes with the daily salt, and yesterday's salt is discarded", async () => {
    const d = await db();
    // Yesterday and today: older views would be the server's roll-up's to delete (kept 90 days).
    const yesterday = todayUtc() - DAY;
    let clock = new Date(yesterday + 10 * 3_600_000);
    const collect = createCollector({ db: d, publicOrigin: "https://www.crestbuild.test", now: () => clock });
    const origin = { ipAddress: "203.0.113.9", userAgent: BROWSER, doNotTrack: false };
    const view = { kind: "pageview", path: "/", width: 1200 } as const;
    await collect(view, origin);
    clock = new Date(yesterday + DAY - 60_000);
    await collect(view, origin);
    await collect(view, { ...origin, ipAddress: "203.0.113.10" });
    const [saltOfDay1] = await d.select().from(settings).where(sql`${settings.key} = 'analytics_salt'`);
    clock = new Date(yesterday + DAY + 60_000);
    await collect(view, origin);
    const visitors = (await d.select().from(pageViews).orderBy(pageViews.id)).map((row) => row.visitor);
    expect(visitors[0]).toBe(visitors[1]);
    expect(visitors[2]).not.toBe(visitors[0]);
    expect(visitors[3]).not.toBe(visitors[0]);
    const salts = await d.select().from(settings).where(sql`${settings.key} = 'analytics_salt'`);
    expect(salts).toHaveLength(1);
    expect(salts[0]?.value).toMatchObject({ day: isoDay(new Date()) });
    const yesterdays = (saltOfDay1?.value as { salt?: string } | undefined)?.salt;
    expect(yesterdays).toMatch(/^[\w-]{43}$/);
    expect(JSON.stringify(salts)).not.toContain(yesterdays);
  });
});

describe("the daily roll-up", () => {
  async function insertViews(days: number, paths: string[], extra: Partial<typeof pageViews.$inferInsert> = {}) {
    await (await db()).insert(pageViews).values(
      paths.map((path, i) => ({
        kind: "pageview",
        path,
        device: i % 2 ? "mobile" : "desktop",
        visitor: `visitor-${i % 2}`,
        referrer: i === 0 ? "www.google.com" : null,
        createdAt: daysAgo(days),
        ...extra,
      })),
    );
  }
  const dailyRows = async () =>
    (await db()).select().from(analyticsDaily).orderBy(analyticsDaily.day, analyticsDaily.metric, analyticsDaily.key);

  it("answers the site's figures from the roll-ups, and rolling up again changes nothing", async () => {
    await withoutRollUps();
    await insertViews(3, ["/", "/services", "/"]);
    await insertViews(0, ["/", "/blog", "/blog", "/contact"]);
    const vital = (kind: string, value: number) => ({ kind, value, path: "/", device: "mobile", visitor: "v", createdAt: daysAgo(1) });
    // Each LCP sample five times: twenty, enough for a 75th percentile; one CLS and one TTFB sample are not.
    const lcp = [1000, 1100, 1210, 4000].flatMap((value) => Array.from({ length: 5 }, () => vital("LCP", value)));
    await (await db()).insert(pageViews).values([...lcp, vital("CLS", 0.05), vital("TTFB", 30)]);
    await (await db())
      .insert(contactInquiries)
      .values({ name: "V", email: "v@example.ng", subject: "S", message: "M", createdAt: daysAgo(0) });

    // Nothing is read from the raw page views: before the roll-up the figures are empty.
    expect(await adminGet("/admin/analytics/site?timeframe=7d")).toMatchObject({ views: 0, topPages: [] });
    await rollUp(await db());
    const once = await dailyRows();
    await rollUp(await db());
    await Promise.all([rollUp(await db()), rollUp(await db())]);
    expect(await dailyRows()).toEqual(once);

    const site = await adminGet("/admin/analytics/site?timeframe=7d");
    expect(site).toMatchObject({
      views: 7,
      // Two visitors each of the two days.
      visitors: 4,
      conversions: 1,
      topPages: [
        { key: "/", value: 3 },
        { key: "/blog", value: 2 },
        { key: "/contact", value: 1 },
        { key: "/services", value: 1 },
      ],
      referrers: [{ key: "www.google.com", value: 2 }],
      devices: [
        { key: "desktop", value: 4 },
        { key: "mobile", value: 3 },
      ],
      // The 15th of twenty LCP samples is in the 1200–1250 ms bin.
      vitals: {
        LCP: { p75: 1250, samples: 20 },
        CLS: { p75: null, samples: 1 },
        TTFB: { p75: null, samples: 1 },
        INP: { p75: null, samples: 0 },
      },
    });
    expect(site.buckets.at(-1)).toEqual({ start: isoDay(new Date()), views: 4, visitors: 2, conversions: 1 });
    expect(site.buckets.at(-4)).toEqual({ start: isoDay(daysAgo(3)), views: 3, visitors: 2, conversions: 0 });
  });

  it("catches up on the days missed while no instance ran, and drops raw views past 90 days", async () => {
    await withoutRollUps();
    await insertViews(95, ["/contact"]);
    await insertViews(5, ["/"]);
    // The last run was 5 days ago; views came in on the days after it.
    expect(await rollUp(await db(), daysAgo(5))).toContain(isoDay(daysAgo(5)));
    await insertViews(4, ["/about"]);
    await insertViews(2, ["/blog", "/blog"]);
    const rolled = await rollUp(await db());
    expect(rolled).toEqual([5, 4, 3, 2, 1, 0].map((days) => isoDay(daysAgo(days))));
    const site = await adminGet("/admin/analytics/site?timeframe=30d");
    expect(site.topPages).toEqual([
      { key: "/blog", value: 2 },
      { key: "/", value: 1 },
      { key: "/about", value: 1 },
    ]);
    const raw = await (await db()).select({ path: pageViews.path }).from(pageViews);
    expect(raw.map((row) => row.path).sort()).toEqual(["/", "/about", "/blog", "/blog"]);
  });

  it("cannot be poisoned by beacons: unknown paths count as 'other', a day keeps its top 50, vitals are clamped and need 20 samples", async () => {
    await withoutRollUps();
    const d = await db();
    const [post] = await d
      .select({ slug: blogPosts.slug, category: blogPosts.category })
      .from(blogPosts)
      .where(eq(blogPosts.status, "published"))
      .limit(1);
    const [service] = await d.select({ slug: services.slug }).from(services).limit(1);
    const postPath = `/blog/${post?.category}/${post?.slug}`;
    const junk = [
      "/wp-admin",
      "/blog/technology/no-such-post",
      "/services/no-such-service",
      "/about/",
      ...Array.from({ length: 60 }, (_, i) => `/x${i}`),
    ];
    await insertViews(0, ["/", "/", postPath, postPath, `/services/${service?.slug}`, ...junk]);
    // 60 referring sites once each, and Google 5 times (6 with insertViews' first view).
    const referred = (referrer: string) => ({
      kind: "pageview",
      path: "/",
      device: "mobile",
      visitor: "v",
      referrer,
      createdAt: daysAgo(0),
    });
    await d
      .insert(pageViews)
      .values([
        ...Array.from({ length: 60 }, (_, i) => referred(`spam-${String(i).padStart(2, "0")}.example`)),
        ...Array.from({ length: 5 }, () => referred("www.google.com")),
      ]);
    // INP: 14 plausible samples and 6 absurd ones; LCP: 19 samples, one short of a percentile.
    const vital = (kind: string, value: number) => ({ kind, value, path: "/", device: "mobile", visitor: "v", createdAt: daysAgo(0) });
    await d
      .insert(pageViews)
      .values([
        ...Array.from({ length: 14 }, () => vital("INP", 100)),
        ...Array.from({ length: 6 }, () => vital("INP", 600_000)),
        ...Array.from({ length: 19 }, () => vital("LCP", 1000)),
      ]);
    await rollUp(d);

    const site = await adminGet("/admin/analytics/site?timeframe=7d");
    expect(site.topPages).toEqual([
      { key: "/", value: 67 },
      { key: "other", value: junk.length },
      { key: postPath, value: 2 },
      { key: `/services/${service?.slug}`, value: 1 },
    ]);
    const daily = (metric: string) => d.select().from(analyticsDaily).where(eq(analyticsDaily.metric, metric));
    const referrers = await daily("referrer");
    expect(referrers).toHaveLength(51);
    expect(referrers.find((row) => row.key === "www.google.com")?.value).toBe(6);
    // Google and the first 49 spam hosts are the top 50; the 11 others are added up.
    expect(referrers.find((row) => row.key === "other")?.value).toBe(11);
    // The absurd INP values count at the 20 s top of the range: the percentile says so rather than 600 s.
    expect((await daily("vital:INP")).map((row) => [row.key, row.value]).sort()).toEqual([
      ["2", 14],
      ["400", 6],
    ]);
    expect(site.vitals.INP).toEqual({ p75: 20_050, samples: 20 });
    expect(site.vitals.LCP).toEqual({ p75: null, samples: 19 });
  });
});
