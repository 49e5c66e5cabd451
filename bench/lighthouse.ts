/**
 * Lighthouse 12 (mobile form factor, simulated slow 4G and a 4x slower CPU) in Debian's Chromium, several runs of
 * every public page, a blog post, a project's case study, /login, /register and a signed-in /dashboard, each run
 * printed with the load average beside it (the figures are noisy on a busy machine), then each goal of docs/speed.md
 * against the worst run.
 * Run: npm run build && CHROME_PATH=/usr/bin/chromium npm run bench:lighthouse
 * (BENCH_RUNS: runs per page, 3 by default; BENCH_PAGES: a comma-separated subset; BENCH_PORT: 3202 by default;
 * BENCH_REPORT_DIR: a folder where each run's whole Lighthouse report is written, to read where its time went)
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type CDPSession, chromium, type Page } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromiumArgs } from "../e2e/chromium";
import { loadAverage, printTable, type Row, verdict } from "./report";
import { startBuiltServer } from "./server";

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** A portfolio project's case study: one of the starting content's (content/portfolio.json), with its cover. */
const CASE_STUDY_PAGE = "/projects/maitama-courtyard-residences";
const PUBLIC_PAGES = ["/", "/about", "/services", "/projects", CASE_STUDY_PAGE, "/contact", "/privacy", "/terms", "/blog"];
/**
 * The signed-in dashboard twice: opened with a valid access token (its screen cookie), as on a return within 15
 * minutes, it comes rendered for its viewer; opened after the token expired, it is the splash and its scripts renew
 * the session (docs/decisions/111-dashboard-rendered-for-its-viewer.md).
 */
const DASHBOARD_TOKEN_EXPIRED = "/dashboard (token expired)";
const PORTAL_PAGES = ["/login", "/register", "/dashboard", DASHBOARD_TOKEN_EXPIRED];
const EMAIL = "bench-lighthouse@crestbuild.ng";
const PASSWORD = "Bench-password-2026";
const KB = 1024;

const PUBLIC_GOALS = { performance: 95, otherScores: 100, fcpMs: 1200, lcpMs: 2000, cls: 0.02, jsBytes: 90 * KB, jsFiles: 6 };
const PORTAL_PERFORMANCE_GOAL = 90;
const HOME_TOTAL_BYTES_GOAL = 200 * KB;
const BEACON_BYTES_GOAL = 2 * KB;

type NetworkItem = { resourceType?: string; transferSize?: number; networkRequestTime?: number; url: string };
type Run = {
  page: string;
  scores: Record<"performance" | "accessibility" | "best-practices" | "seo", number>;
  fcp: number;
  lcp: number;
  cls: number;
  jsBytes: number;
  jsFiles: number;
  /** The analytics beacon and web-vitals, loaded once the page is idle: no part of the page's own JavaScript. */
  laterJsBytes: number;
  totalBytes: number;
  below100: string[];
  load: string;
};

// A signed-in dashboard needs an account: an admin made the way an operator would (README: create-admin).
const dataDir = mkdtempSync(path.join(tmpdir(), "crestbuild-lighthouse-"));
const created = spawnSync(
  process.execPath,
  ["dist/server/create-admin.js", "--email", EMAIL, "--first-name", "Bench", "--last-name", "Admin", "--password", PASSWORD],
  { env: { ...process.env, DATA_DIR: dataDir }, encoding: "utf8" },
);
if (created.status !== 0) throw new Error(created.stderr);

const server = await startBuiltServer(Number(process.env.BENCH_PORT ?? 3202), dataDir);

/** Works in Lighthouse's own browser (its first context, through a page of its own) between two runs. */
async function inLighthouseBrowser(work: (page: Page, cdp: CDPSession) => Promise<void>): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    await work(page, await context.newCDPSession(page));
    await page.close();
  } finally {
    // Connected over CDP, close() lets the browser go on: Lighthouse keeps using it.
    await browser.close();
  }
}

/** Signed out: the site's cookies and storage gone (Lighthouse's own reset keeps some), so no run inherits a session. */
const signOutLighthouseBrowser = () =>
  inLighthouseBrowser(async (_page, cdp) => {
    await cdp.send("Storage.clearDataForOrigin", { origin: server.origin, storageTypes: "all" });
  });

/**
 * Signs in through the sign-in screen in Lighthouse's browser, as a person does: the refresh cookie and the session's
 * note in local storage are then the browser's, and the dashboard run keeps them (a browser with no session note goes
 * straight to /login without asking the server). The HTTP cache is emptied afterwards, so the dashboard's files are
 * fetched as on a first visit after a deploy.
 */
async function signInInLighthouseBrowser(options: { tokenExpired: boolean }): Promise<void> {
  await signOutLighthouseBrowser();
  await inLighthouseBrowser(async (page, cdp) => {
    await page.goto(`${server.origin}/login`);
    await page.getByLabel("Email", { exact: true }).fill(EMAIL);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    // An admin lands on /admin: any screen but the sign-in one means signed in.
    await page.waitForURL((url) => !url.pathname.startsWith("/login"));
    // The access token's cookies last as long as the token (15 minutes); the refresh cookie stays.
    if (options.tokenExpired) await page.context().clearCookies({ name: "cb_screen" });
    await cdp.send("Network.clearBrowserCache");
  });
}

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless=new", ...chromiumArgs],
});

const ATTEMPTS = 3;

/** One Lighthouse run of a page; a run Lighthouse itself could not record (NO_NAVSTART on a busy machine) is tried again. */
async function measure(page: string): Promise<Run | null> {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const signedIn = page.startsWith("/dashboard");
    if (signedIn) await signInInLighthouseBrowser({ tokenExpired: page === DASHBOARD_TOKEN_EXPIRED });
    const load = loadAverage();
    const result = await lighthouse(`${server.origin}${page.split(" ")[0]}`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      disableStorageReset: signedIn,
    });
    if (signedIn && !new URL(result?.lhr.finalDisplayedUrl ?? "http://x/").pathname.startsWith("/dashboard"))
      throw new Error(`the signed-in run ended on ${result?.lhr.finalDisplayedUrl}, not on the dashboard`);
    if (signedIn) await signOutLighthouseBrowser();
    if (!result) throw new Error(`no Lighthouse result for ${page}`);
    saveReport(page, result.lhr);
    const { runtimeError } = result.lhr;
    if (!runtimeError) return runOf(page, result.lhr, load);
    console.log(`   Lighthouse could not record ${page} (attempt ${attempt}): ${runtimeError.code}`);
  }
  return null;
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

let savedReports = 0;
function saveReport(page: string, lhr: Lhr) {
  const dir = process.env.BENCH_REPORT_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  savedReports += 1;
  const name = `${String(savedReports).padStart(2, "0")}${page.replace(/[^a-z0-9]+/gi, "-")}.json`;
  writeFileSync(path.join(dir, name), JSON.stringify(lhr));
}

function runOf(page: string, lhr: Lhr, load: string): Run {
  const { categories, audits } = lhr;
  const items = ((audits["network-requests"]?.details as { items?: NetworkItem[] } | undefined)?.items ?? []) as NetworkItem[];
  // First-load JavaScript: every script the page loads to run (a public page starts them after its load event,
  // decision 102), all but the analytics beacon and web-vitals, which wait for the page to be idle.
  const allScripts = items.filter((item) => item.resourceType === "Script");
  const isIdleAnalytics = (item: NetworkItem) => /\/assets\/(beacon|web-vitals)-[\w-]+\.js$/.test(new URL(item.url).pathname);
  const scripts = allScripts.filter((item) => !isIdleAnalytics(item));
  const bytesOf = (list: NetworkItem[]) => list.reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  const score = (key: keyof Run["scores"]) => Math.round((categories[key]?.score ?? 0) * 100);
  const below100 = Object.entries(categories).flatMap(([key, category]) =>
    (category.score ?? 0) < 1
      ? category.auditRefs.filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1).map((ref) => `${key}:${ref.id}`)
      : [],
  );
  return {
    page,
    scores: {
      performance: score("performance"),
      accessibility: score("accessibility"),
      "best-practices": score("best-practices"),
      seo: score("seo"),
    },
    fcp: audits["first-contentful-paint"]?.numericValue ?? 0,
    lcp: audits["largest-contentful-paint"]?.numericValue ?? 0,
    cls: audits["cumulative-layout-shift"]?.numericValue ?? 0,
    jsBytes: bytesOf(scripts),
    jsFiles: scripts.length,
    laterJsBytes: bytesOf(allScripts) - bytesOf(scripts),
    totalBytes: bytesOf(items),
    below100,
    load,
  };
}

/**
 * The analytics beacon as built (Brotli, as served): its own script, and web-vitals' metrics that it loads after it.
 * The 2 KB goal is the beacon's own script (decision 037); both are printed, as a page that reports its Web Vitals fetches both.
 */
function printBeaconSize() {
  const manifest = JSON.parse(readFileSync("dist/client/.vite/manifest.json", "utf8")) as Record<
    string,
    { file: string; dynamicImports?: string[] }
  >;
  const beacon = manifest["src/web/lib/beacon.ts"];
  if (!beacon) throw new Error("src/web/lib/beacon.ts is missing from the build manifest");
  const brotliBytes = (file: string) => statSync(`dist/client/${file}.br`).size;
  const beaconBytes = brotliBytes(beacon.file);
  const vitalsBytes = (beacon.dynamicImports ?? []).reduce((sum, key) => sum + brotliBytes(manifest[key]?.file ?? key), 0);
  console.log(
    `\nAnalytics beacon (Brotli): the beacon's script ${beaconBytes} B (goal <= ${BEACON_BYTES_GOAL} B: ${verdict(beaconBytes <= BEACON_BYTES_GOAL)}); ` +
      `with web-vitals' four metrics, loaded after it: ${beaconBytes + vitalsBytes} B`,
  );
}

/**
 * Whether Chromium offers to install /site, signed in, in Lighthouse's own browser (not incognito). Lighthouse 12 no
 * longer has its PWA category; its 'installable-manifest' audit asked Chromium the same question.
 */
async function printSiteInstallability() {
  await signInInLighthouseBrowser({ tokenExpired: false });
  await inLighthouseBrowser(async (page, cdp) => {
    await page.goto(`${server.origin}/site`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as { installabilityErrors: { errorId: string }[] };
    const errors = installabilityErrors.map((error) => error.errorId);
    console.log(
      `\n/site installable (Chromium's installability check): ${verdict(errors.length === 0)}${errors.length === 0 ? "" : `: ${errors.join(", ")}`}`,
    );
  });
  await signOutLighthouseBrowser();
}

/** Each goal of docs/speed.md for a page, judged on its worst run. */
function goals(page: string, runs: Run[]): string {
  const worst = <T>(pick: (run: Run) => T, compare: (a: T, b: T) => number) => runs.map(pick).sort(compare)[0] as T;
  const lowest = (pick: (run: Run) => number) => worst(pick, (a, b) => a - b);
  const highest = (pick: (run: Run) => number) => worst(pick, (a, b) => b - a);
  if (PORTAL_PAGES.includes(page)) {
    return `performance >= ${PORTAL_PERFORMANCE_GOAL}: ${verdict(lowest((run) => run.scores.performance) >= PORTAL_PERFORMANCE_GOAL)}`;
  }
  const g = PUBLIC_GOALS;
  const checks = [
    `perf >= ${g.performance}: ${verdict(lowest((run) => run.scores.performance) >= g.performance)}`,
    `a11y/bp/seo 100: ${verdict(
      Math.min(
        lowest((run) => run.scores.accessibility),
        lowest((run) => run.scores["best-practices"]),
        lowest((run) => run.scores.seo),
      ) >= g.otherScores,
    )}`,
    `FCP <= ${g.fcpMs} ms: ${verdict(highest((run) => run.fcp) <= g.fcpMs)}`,
    `LCP <= ${g.lcpMs} ms: ${verdict(highest((run) => run.lcp) <= g.lcpMs)}`,
    `CLS <= ${g.cls}: ${verdict(highest((run) => run.cls) <= g.cls)}`,
    `JS <= 90 KB in <= ${g.jsFiles} files: ${verdict(highest((run) => run.jsBytes) <= g.jsBytes && highest((run) => run.jsFiles) <= g.jsFiles)}`,
  ];
  if (page === "/") checks.push(`total <= 200 KB: ${verdict(highest((run) => run.totalBytes) <= HOME_TOTAL_BYTES_GOAL)}`);
  return checks.join("; ");
}

try {
  // A post page too: the newest one linked from the blog.
  const blogHtml = await (await fetch(`${server.origin}/blog`)).text();
  const postPath = /href="(\/blog\/[a-z-]+\/[a-z0-9-]+)"/.exec(blogHtml)?.[1];
  const allPages = [...PUBLIC_PAGES, ...(postPath ? [postPath] : []), ...PORTAL_PAGES];
  const pages = process.env.BENCH_PAGES ? allPages.filter((page) => process.env.BENCH_PAGES?.split(",").includes(page)) : allPages;

  const runs: Run[] = [];
  for (let run = 1; run <= RUNS; run++) {
    for (const page of pages) {
      const measured = await measure(page);
      if (measured) runs.push(measured);
    }
  }

  console.log(`\nLighthouse 12, mobile, simulated throttling, ${RUNS} runs of each page (${server.origin})`);
  printTable(
    runs.map(
      (run): Row => ({
        page: run.page,
        perf: String(run.scores.performance),
        a11y: String(run.scores.accessibility),
        bp: String(run.scores["best-practices"]),
        seo: String(run.scores.seo),
        "FCP ms": run.fcp.toFixed(0),
        "LCP ms": run.lcp.toFixed(0),
        CLS: run.cls.toFixed(3),
        "JS KB (files)": `${(run.jsBytes / KB).toFixed(1)} (${run.jsFiles})`,
        "later JS KB": (run.laterJsBytes / KB).toFixed(1),
        "total KB": (run.totalBytes / KB).toFixed(1),
        "load avg": run.load,
      }),
    ),
  );
  console.log("\nGoals, judged on each page's worst run:");
  printTable(
    pages.map(
      (page): Row => ({
        page,
        goals: goals(
          page,
          runs.filter((run) => run.page === page),
        ),
      }),
    ),
  );
  const failing = [...new Set(runs.flatMap((run) => run.below100))];
  if (failing.length > 0) console.log(`\nAudits that cost points in some run: ${failing.join(", ")}`);
  printBeaconSize();
  await printSiteInstallability();
} finally {
  await chrome.kill();
  server.stop();
}
