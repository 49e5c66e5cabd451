import { type APIRequestContext, type Browser, type BrowserContext, expect, type Locator, type Page } from "@playwright/test";
import { approvedStaff, signIn } from "./accounts";
import { recordConsoleErrors } from "./fixtures";

/** What the instrumentation keeps in the page (window.__calls). */
type CallsRecord = {
  /** Every camera, microphone and screen track opened. */
  tracks: MediaStreamTrack[];
  /** The shared screens' video tracks. */
  screens: MediaStreamTrack[];
  /** What each getUserMedia call asked for. */
  asked: MediaStreamConstraints[];
  connections: RTCPeerConnection[];
};

/**
 * Test-only instrumentation, added to each page before the site's code runs (the product keeps every candidate
 * and its own ICE policy): ICE candidates are kept on 127.0.0.1 (the machine's other interfaces are not the
 * test's business), every connection can be forced through TURN, and every media track is recorded, so the
 * journey can check that leaving stopped them all.
 */
export function instrumentCalls(forceRelay: boolean) {
  const recorded: CallsRecord = { tracks: [], screens: [], asked: [], connections: [] };
  Object.assign(window, { __calls: recorded });
  const devices = navigator.mediaDevices;
  if (devices) {
    const getUserMedia = devices.getUserMedia.bind(devices);
    devices.getUserMedia = async (constraints) => {
      recorded.asked.push(constraints ?? {});
      const stream = await getUserMedia(constraints);
      recorded.tracks.push(...stream.getTracks());
      return stream;
    };
    const getDisplayMedia = devices.getDisplayMedia?.bind(devices);
    if (getDisplayMedia) {
      devices.getDisplayMedia = async (constraints) => {
        const stream = await getDisplayMedia(constraints);
        recorded.tracks.push(...stream.getTracks());
        recorded.screens.push(...stream.getVideoTracks());
        return stream;
      };
    }
  }
  const onLoopback = (candidate: RTCIceCandidate | null) => !candidate?.candidate || candidate.candidate.split(" ")[4] === "127.0.0.1";
  const Native = window.RTCPeerConnection;
  class LoopbackPeerConnection extends Native {
    constructor(configuration: RTCConfiguration = {}) {
      super(forceRelay ? { ...configuration, iceTransportPolicy: "relay" } : configuration);
      recorded.connections.push(this);
    }
    override set onicecandidate(handler: ((event: RTCPeerConnectionIceEvent) => void) | null) {
      super.onicecandidate = handler
        ? (event) => {
            if (onLoopback(event.candidate)) handler.call(this, event);
          }
        : null;
    }
    override get onicecandidate() {
      return super.onicecandidate;
    }
  }
  window.RTCPeerConnection = LoopbackPeerConnection;
}

/** What instrumentRing keeps in the page (window.__ring). */
type RingRecord = {
  /** Every system notification the page made, with whether it was closed since. */
  notifications: { title: string; body: string; closed: boolean }[];
  /** How many times the page asked the browser's notification permission. */
  permissionAsks: number;
  /** Tones started while the page's audio could be heard. */
  audibleTones: number;
};

/**
 * Test-only instrumentation of a ring, added before the site's code runs. The browser's autoplay policy, as Chromium
 * applies it to a page on its own: an AudioContext stays suspended until resume() is called once the page was used
 * (a real click or key press on it); tones started before are not heard. Notifications are recorded (and can be clicked with
 * clickNotification); asking the permission records the ask and answers `answer`, which the page sees from then on.
 */
export function instrumentRing(answer: NotificationPermission) {
  const recorded: RingRecord = { notifications: [], permissionAsks: 0, audibleTones: 0 };
  const made: Notification[] = [];
  Object.assign(window, { __ring: recorded, __ringNotifications: made });
  // Used: a real click or key press on this page (registered first, so it is seen before the site's own listeners).
  let used = false;
  for (const gesture of ["pointerdown", "keydown"])
    window.addEventListener(
      gesture,
      (event) => {
        if (event.isTrusted) used = true;
      },
      true,
    );
  const NativeAudio = window.AudioContext;
  class PolicyAudioContext extends NativeAudio {
    allowed = used;
    override get state() {
      return this.allowed ? super.state : "suspended";
    }
    override resume() {
      if (used) this.allowed = true;
      return this.allowed ? super.resume() : Promise.resolve();
    }
    override createOscillator() {
      const oscillator = super.createOscillator();
      const start = oscillator.start.bind(oscillator);
      oscillator.start = (when?: number) => {
        if (this.allowed) recorded.audibleTones += 1;
        start(when);
      };
      return oscillator;
    }
  }
  window.AudioContext = PolicyAudioContext;

  const NativeNotification = window.Notification;
  let answered: NotificationPermission | null = null;
  class RecordedNotification extends NativeNotification {
    static override get permission() {
      return answered ?? NativeNotification.permission;
    }
    static override async requestPermission() {
      recorded.permissionAsks += 1;
      answered = answer;
      return answer;
    }
    constructor(title: string, options?: NotificationOptions) {
      super(title, options);
      const entry = { title, body: options?.body ?? "", closed: false };
      recorded.notifications.push(entry);
      made.push(this);
      this.close = () => {
        entry.closed = true;
        NativeNotification.prototype.close.call(this);
      };
    }
  }
  window.Notification = RecordedNotification;
}

/** For staffAtTheirDesk's setUp: the ring instrumented, the permission's ask answered `answer`. */
export const withRingRecorded = (answer: NotificationPermission) => (context: BrowserContext) =>
  context.addInitScript(instrumentRing, answer);

export const ringRecord = (page: Page) => page.evaluate(() => (window as unknown as { __ring: RingRecord }).__ring);

/** A click on the last system notification the page made (as the person clicks it in their system's list). */
export const clickNotification = (page: Page) =>
  page.evaluate(() => {
    const made = (window as unknown as { __ringNotifications: Notification[] }).__ringNotifications;
    made.at(-1)?.dispatchEvent(new Event("click"));
  });

/**
 * Resolves once the page's realtime connection is signed in (its 'ready' frame): only then can the person be rung or
 * a message reach the page. Call it before the page signs in.
 */
export const realtimeReady = (page: Page) =>
  new Promise<void>((resolve) => {
    page.on("websocket", (socket) =>
      socket.on("framereceived", ({ payload }) => {
        if (String(payload).includes('"type":"ready"')) resolve();
      }),
    );
  });

export type CallPerson = { page: Page; name: string; errors: string[]; close: () => Promise<void> };

/** Staff of a department, in their own browser context (their own session), signed in and on their dashboard. */
export async function staffAtTheirDesk(
  browser: Browser,
  request: APIRequestContext,
  department: string,
  firstName: string,
  { forceRelay = false, setUp }: { forceRelay?: boolean; setUp?: (context: BrowserContext) => Promise<unknown> } = {},
): Promise<CallPerson> {
  const email = await approvedStaff(request, department, firstName);
  const context = await browser.newContext();
  await context.addInitScript(instrumentCalls, forceRelay);
  await setUp?.(context);
  const page = await context.newPage();
  const errors = recordConsoleErrors(page);
  const online = realtimeReady(page);
  await signIn(page, email);
  await expect(page).not.toHaveURL(/\/login/);
  await online;
  return { page, name: `${firstName} Eze`, errors, close: () => context.close() };
}

export const tile = (page: Page, name: string) => page.getByRole("figure", { name, exact: true });

/**
 * The person's video in this tile plays: it has a size and its decoded frames keep coming (within `framesWithinMs`:
 * how fast is bench/calls.ts's figure, not this check's). A call back from a lost path shows its video on a new
 * player, whose size comes with its first frame: that wait has the frames' time too.
 */
export async function expectVideoPlaying(video: Locator, { framesWithinMs = 10_000 } = {}) {
  const firstFrameWithinMs = Math.max(15_000, framesWithinMs);
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.videoWidth), { timeout: firstFrameWithinMs })
    .toBeGreaterThan(0);
  const frames = () => video.evaluate((element: HTMLVideoElement) => element.getVideoPlaybackQuality().totalVideoFrames);
  const before = await frames();
  await expect.poll(frames, { message: "decoded frames keep coming", timeout: framesWithinMs }).toBeGreaterThan(before + 5);
}

/** Every camera, microphone and screen track the page ever opened has ended (the camera light is off). */
export const liveTrackCount = (page: Page) =>
  page.evaluate(() => (window as unknown as { __calls: CallsRecord }).__calls.tracks.filter((track) => track.readyState === "live").length);

/** What the page asked getUserMedia for, and the kinds of the tracks it got. */
export const devicesAskedFor = (page: Page) =>
  page.evaluate(() => {
    const { asked, tracks } = (window as unknown as { __calls: CallsRecord }).__calls;
    return { asked, kinds: tracks.map((track) => track.kind) };
  });

/**
 * The browser's own 'Stop sharing' (its bar under the address field): the screen track stops and fires 'ended',
 * which a script's track.stop() does not do, hence the event sent here by hand.
 */
export const stopSharingFromTheBrowser = (page: Page) =>
  page.evaluate(() => {
    const screen = (window as unknown as { __calls: CallsRecord }).__calls.screens.find((track) => track.readyState === "live");
    if (!screen) throw new Error("no screen is shared");
    screen.stop();
    screen.dispatchEvent(new Event("ended"));
  });

/** The types of the local candidates of the connections' selected pairs ("host", "relay"…). */
export const selectedCandidateTypes = (page: Page) =>
  page.evaluate(async () => {
    const { connections } = (window as unknown as { __calls: CallsRecord }).__calls;
    const types: string[] = [];
    for (const connection of connections) {
      if (connection.connectionState !== "connected") continue;
      const stats = [...(await connection.getStats()).values()] as Record<string, unknown>[];
      const transport = stats.find((entry) => entry.type === "transport");
      const pair = stats.find((entry) => entry.id === transport?.selectedCandidatePairId);
      const local = stats.find((entry) => entry.id === pair?.localCandidateId);
      types.push(String(local?.candidateType));
    }
    return types;
  });

/** The ICE username fragments of the page's live connections: a new one means the connection was ICE-restarted. */
export const iceUsernameFragments = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { __calls: CallsRecord }).__calls.connections
      .filter((connection) => connection.connectionState !== "closed")
      .map((connection) => /a=ice-ufrag:(\S+)/.exec(connection.localDescription?.sdp ?? "")?.[1] ?? ""),
  );
