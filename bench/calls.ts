/**
 * Calls: the time from a click on 'Start video call' to the callee's incoming-call dialog (goal 2 s), and from a click
 * on Accept to the first decoded frame of the caller's video in the callee's browser (goal 1 s), direct and relayed
 * through coturn (iceTransportPolicy "relay"), on loopback.
 * Two admins in two browser contexts of Debian's Chromium with a fake camera; coturn (apt-get install -y coturn).
 * Beside it, the median time of each step from Accept: devices open, join sent, joined, offer sent, answer back,
 * ICE connected, DTLS connected (then the first frame).
 * Run: npm run build && npm run bench:calls
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Browser, chromium, type Page } from "@playwright/test";
import { instrumentCalls, selectedCandidateTypes } from "../e2e/calls-kit";
import { chromiumArgs, chromiumExecutable, grantMediaArgs, mediaArgs } from "../e2e/chromium";
import { startCoturn } from "../e2e/coturn";
import { loadAverage, verdict } from "./report";
import { startBuiltServer } from "./server";

const GOAL_MS = 1000;
const RING_GOAL_MS = 2000;
const RUNS = 5;
const PORT = 3206;
const TURN_PORT = 3406;
const TURN_SECRET = "bench-only-coturn-static-auth-secret";
const PASSWORD = "Bench-password-2026";
const caller = { email: "caller@crestbuild.ng", firstName: "Ada" };
const callee = { email: "callee@crestbuild.ng", firstName: "Bayo" };

function createAdmin(dataDir: string, person: { email: string; firstName: string }) {
  const created = spawnSync(
    process.execPath,
    [
      "dist/server/create-admin.js",
      "--email",
      person.email,
      "--first-name",
      person.firstName,
      "--last-name",
      "Bench",
      "--password",
      PASSWORD,
    ],
    { env: { ...process.env, DATA_DIR: dataDir }, encoding: "utf8" },
  );
  if (created.status !== 0) throw new Error(created.stderr);
}

async function signedIn(browser: Browser, origin: string, email: string, forceRelay: boolean): Promise<Page> {
  const context = await browser.newContext({ baseURL: origin });
  // tsx (esbuild, keepNames) wraps the functions below in __name(…) calls, which the page knows nothing of.
  await context.addInitScript({ content: "globalThis.__name = (target) => target;" });
  await context.addInitScript(instrumentCalls, forceRelay);
  // The moment Accept is clicked, and when the devices opened and the connection connected, in the page's own clock.
  await context.addInitScript(() => {
    const marks: Record<string, number> = {};
    // One clock for both browsers' pages: milliseconds since the epoch, to the microsecond.
    const now = () => performance.timeOrigin + performance.now();
    Object.assign(window, { __marks: marks, __now: now });
    const devices = navigator.mediaDevices;
    const getUserMedia = devices.getUserMedia.bind(devices);
    devices.getUserMedia = async (constraints) => {
      const stream = await getUserMedia(constraints);
      marks.devices = now();
      return stream;
    };
    const Native = window.RTCPeerConnection;
    window.RTCPeerConnection = class extends Native {
      constructor(configuration?: RTCConfiguration) {
        super(configuration);
        this.addEventListener("iceconnectionstatechange", () => {
          if (this.iceConnectionState === "connected") marks.ice ??= now();
        });
        this.addEventListener("connectionstatechange", () => {
          if (this.connectionState === "connected") marks.connected ??= now();
        });
      }
    };
    // The signalling frames: when the join left, the server's answer came, the offer left and the answer came.
    const frameMark = (data: unknown, names: Record<string, string>) => {
      const type = typeof data === "string" ? /"type":"([a-z.-]+)"/.exec(data)?.[1] : undefined;
      const name = type ? names[type] : undefined;
      if (name) marks[name] ??= now();
    };
    const nativeSend = WebSocket.prototype.send;
    WebSocket.prototype.send = function (data) {
      frameMark(data, { "call.join": "joinSent", "call.offer": "offerSent", "call.answer": "answerSent" });
      return nativeSend.call(this, data);
    };
    const NativeSocket = window.WebSocket;
    window.WebSocket = class extends NativeSocket {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        this.addEventListener("message", (event) =>
          frameMark(event.data, { "call.joined": "joined", "call.offer": "offerReceived", "call.answer": "answered" }),
        );
      }
    };
    document.addEventListener(
      "click",
      (event) => {
        if ((event.target as Element | null)?.closest("button")?.textContent === "Accept") Object.assign(window, { __acceptedAt: now() });
      },
      true,
    );
  });
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL("**/admin");
  await page.goto("/call");
  await page.getByRole("heading", { level: 1, name: "Calls" }).waitFor();
  return page;
}

/** The steps after Accept, in order: the callee's (devices … connected) with the caller's two in the middle. */
const steps = ["devices", "joinSent", "joined", "offerSent", "offerReceived", "answerSent", "answered", "ice", "connected"] as const;
type Marks = Partial<Record<(typeof steps)[number], number>>;
type Timing = Record<(typeof steps)[number] | "frame", number>;

type Clock = { __acceptedAt: number; __marks: Marks; __now: () => number };
const marksOf = (page: Page) => page.evaluate(() => ({ ...(window as unknown as Clock).__marks }));
const forgetMarks = (page: Page) =>
  page.evaluate(() => {
    const { __marks: marks } = window as unknown as Clock;
    for (const key of Object.keys(marks)) delete marks[key as keyof Marks];
  });

/** When (epoch ms) Accept was clicked and the first frame of the caller's video presented, and the callee's marks. */
function firstRemoteFrame(page: Page) {
  return page.evaluate(
    () =>
      new Promise<{ acceptedAt: number; frameAt: number; marks: Marks }>((resolve) => {
        const clock = window as unknown as Clock;
        const look = () => {
          const video = document.querySelector<HTMLVideoElement>('figure[data-participant="remote"] video');
          if (video?.srcObject)
            video.requestVideoFrameCallback(() =>
              resolve({ acceptedAt: clock.__acceptedAt, frameAt: clock.__now(), marks: clock.__marks }),
            );
          else setTimeout(look, 2);
        };
        look();
      }),
  );
}

const medianOf = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function measure(browser: Browser, origin: string, forceRelay: boolean) {
  const from = await signedIn(browser, origin, caller.email, forceRelay);
  const to = await signedIn(browser, origin, callee.email, forceRelay);
  // The callee's realtime connection is open: the caller's list shows them online.
  await from.reload();
  await from.getByText("Online", { exact: true }).waitFor();
  const times: Timing[] = [];
  const rings: number[] = [];
  let paths: string[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    await from.getByRole("checkbox", { name: `${callee.firstName} Bench` }).check();
    // Seen from the test's side: each Playwright step's own round trip counts against the product.
    const clickedAt = performance.now();
    await from.getByRole("button", { name: "Start video call" }).click();
    await to.getByRole("dialog", { name: "Incoming video call" }).waitFor({ timeout: 10_000 });
    rings.push(performance.now() - clickedAt);
    await forgetMarks(to);
    await forgetMarks(from);
    const frame = firstRemoteFrame(to);
    await to.getByRole("button", { name: "Accept", exact: true }).click();
    const { acceptedAt, frameAt, marks } = await frame;
    const all: Marks = { ...marks, ...(await marksOf(from)) };
    const since = (mark: number | undefined) => (mark ?? Number.NaN) - acceptedAt;
    times.push({ ...Object.fromEntries(steps.map((step) => [step, since(all[step])])), frame: since(frameAt) } as Timing);
    paths = await selectedCandidateTypes(to);
    await to.getByRole("button", { name: "Leave call" }).click();
    await from.getByRole("button", { name: "Leave call" }).click();
    await from.getByRole("button", { name: "Start video call" }).waitFor();
  }
  await from.context().close();
  await to.context().close();
  const median = (pick: (timing: Timing) => number) => medianOf(times.map(pick));
  return {
    ring: { median: medianOf(rings), worst: Math.max(...rings) },
    median: median((timing) => timing.frame),
    worst: Math.max(...times.map((timing) => timing.frame)),
    breakdown: steps.map((step) => `${step} ${median((timing) => timing[step]).toFixed(0)}`).join(", "),
    paths,
  };
}

const dataDir = mkdtempSync(path.join(tmpdir(), "crestbuild-calls-bench-"));
createAdmin(dataDir, caller);
createAdmin(dataDir, callee);
const coturn = await startCoturn({ port: TURN_PORT, secret: TURN_SECRET });
const server = await startBuiltServer(PORT, dataDir, {
  TURN_URLS: `turn:127.0.0.1:${TURN_PORT}?transport=udp`,
  TURN_SECRET,
});
const browser = await chromium.launch({ executablePath: chromiumExecutable, args: [...chromiumArgs, ...mediaArgs, ...grantMediaArgs] });
try {
  for (const [label, forceRelay] of [
    ["direct ", false],
    ["relayed", true],
  ] as const) {
    const { ring, median, worst, breakdown, paths } = await measure(browser, server.origin, forceRelay);
    console.log(
      `Start video call → incoming dialog shown, ${label}: median ${ring.median.toFixed(0)} ms, worst of ${RUNS} ${ring.worst.toFixed(0)} ms (goal ≤ ${RING_GOAL_MS} ms: ${verdict(ring.worst <= RING_GOAL_MS)})`,
    );
    console.log(
      `Accept → first decoded remote frame, ${label} (${paths.join(", ") || "?"} candidates): median ${median.toFixed(0)} ms, worst of ${RUNS} ${worst.toFixed(0)} ms (goal ≤ ${GOAL_MS} ms: ${verdict(worst <= GOAL_MS)}); load average ${loadAverage()}`,
    );
    console.log(`  medians from Accept (ms): ${breakdown}`);
  }
} finally {
  await browser.close();
  server.stop();
  await coturn.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
