/**
 * Lighthouse (mobile, simulated slow 4G) on every public page in Debian's Chromium: the four
 * category scores, LCP, bytes transferred, and the compressed JavaScript of the first load.
 * Targets (issue 2): Performance >= 95, Accessibility, Best Practices and SEO 100, JS on / <= 120 KB.
 * Run: npm run build && npm run bench:lighthouse
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { startBuiltServer } from "./server";

const PAGES = process.env.BENCH_PAGES
  ? process.env.BENCH_PAGES.split(",")
  : ["/", "/about", "/services", "/services/residential", "/projects", "/blog", "/blog/technology", "/contact"];
const JS_BUDGET_BYTES = 120 * 1024;

type NetworkItem = { resourceType?: string; transferSize?: number; url: string };

const server = await startBuiltServer(3202);
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
});
try {
  // A post page too: the newest one linked from the blog.
  const blogHtml = await (await fetch(`${server.origin}/blog`)).text();
  const postPath = /href="(\/blog\/[a-z-]+\/[a-z0-9-]+)"/.exec(blogHtml)?.[1];
  const pages = postPath ? [...PAGES, postPath] : PAGES;

  console.log("\nLighthouse, mobile form factor, simulated throttling");
  console.log("page                                         perf  a11y  best   seo   LCP ms   KB sent   JS KB");
  let homeJs = 0;
  for (const path of pages) {
    const result = await lighthouse(`${server.origin}${path}`, { port: chrome.port, output: "json", logLevel: "error" });
    if (!result) throw new Error(`no Lighthouse result for ${path}`);
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError) console.log(`   Lighthouse could not measure ${path}: ${runtimeError.code} ${runtimeError.message}`);
    const score = (key: string) => String(Math.round((categories[key]?.score ?? 0) * 100)).padStart(5);
    const items = ((audits["network-requests"]?.details as { items?: NetworkItem[] } | undefined)?.items ?? []) as NetworkItem[];
    const totalBytes = items.reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
    const jsBytes = items.filter((item) => item.resourceType === "Script").reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
    if (path === "/") homeJs = jsBytes;
    const lcp = audits["largest-contentful-paint"]?.numericValue ?? 0;
    console.log(
      `${path.padEnd(44)} ${score("performance")} ${score("accessibility")} ${score("best-practices")} ${score("seo")} ${lcp.toFixed(0).padStart(8)} ${(totalBytes / 1024).toFixed(1).padStart(9)} ${(jsBytes / 1024).toFixed(1).padStart(7)}`,
    );
    for (const key of ["performance", "accessibility", "best-practices", "seo"]) {
      const failing = Object.values(audits).filter(
        (audit) =>
          audit.score !== null && audit.score < 1 && categories[key]?.auditRefs.some((ref) => ref.id === audit.id && ref.weight > 0),
      );
      if (categories[key] && (categories[key].score ?? 0) < 1) {
        console.log(`   ${key} below 100: ${failing.map((audit) => audit.id).join(", ")}`);
      }
    }
  }
  console.log(`\nJavaScript on the first load of /: ${(homeJs / 1024).toFixed(1)} KB compressed (budget ${JS_BUDGET_BYTES / 1024} KB)`);
} finally {
  await chrome.kill();
  server.stop();
}
