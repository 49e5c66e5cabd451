import { useEffect, useState } from "react";
import type { IncomingCall } from "../../../shared/calls";

/**
 * A ring that reaches someone who is not looking at the tab: a system notification (the Notification API) naming the
 * caller, and the document title. Whether this device shows call notifications is the person's choice, kept in this
 * browser (the permission is the browser's too): asked on the first visit to /call, changed in /settings.
 */

const CHOICE_KEY = "crestbuild.call-notifications";

/** What this browser can do: no Notification API, or its permission for the site. */
export type NotificationAccess = "unsupported" | NotificationPermission;
/** The person's choice on this device: null until they made one. */
type Choice = "on" | "off" | null;

const supported = () => typeof window !== "undefined" && "Notification" in window;

export function notificationAccess(): NotificationAccess {
  return supported() ? Notification.permission : "unsupported";
}

function readChoice(): Choice {
  try {
    const stored = window.localStorage.getItem(CHOICE_KEY);
    return stored === "on" || stored === "off" ? stored : null;
  } catch {
    // Storage refused (a private window's settings): no choice remembered.
    return null;
  }
}

const listeners = new Set<() => void>();

function saveChoice(choice: "on" | "off") {
  try {
    window.localStorage.setItem(CHOICE_KEY, choice);
  } catch {
    // Not remembered past this page; the permission itself is the browser's.
  }
  for (const listener of listeners) listener();
}

/** Call notifications show on this device: the browser allows them and the person did not turn them off. */
const wanted = () => notificationAccess() === "granted" && readChoice() !== "off";

/**
 * Turns call notifications on: asks the browser's permission when it was never given nor refused. Answers what the
 * browser allows now; the choice is kept as 'on' only when it allows them.
 */
export async function turnOnCallNotifications(): Promise<NotificationAccess> {
  if (!supported()) return "unsupported";
  let permission = Notification.permission;
  if (permission === "default") {
    try {
      permission = await Notification.requestPermission();
    } catch {
      permission = Notification.permission;
    }
  }
  saveChoice(permission === "granted" ? "on" : "off");
  return permission;
}

export function turnOffCallNotifications() {
  saveChoice("off");
}

type CallNotificationsState = { access: NotificationAccess; on: boolean; undecided: boolean };
const readState = (): CallNotificationsState => ({
  access: notificationAccess(),
  on: wanted(),
  undecided: supported() && readChoice() === null,
});

/**
 * The device's state for the screens: what the browser allows, whether notifications are on, and whether /call should
 * still offer to turn them on (never asked). Read after the first render: the server renders without a browser.
 */
export function useCallNotifications(): CallNotificationsState | null {
  const [state, setState] = useState<CallNotificationsState | null>(null);
  useEffect(() => {
    const update = () => setState(readState());
    update();
    listeners.add(update);
    // The permission can change in the browser's own site settings while the page is open.
    window.addEventListener("focus", update);
    return () => {
      listeners.delete(update);
      window.removeEventListener("focus", update);
    };
  }, []);
  return state;
}

let shown: Notification | null = null;
let titleBefore: string | null = null;
let ringTitle: string | null = null;
/** Where a click on the notification takes the person (the portal's router, set by the calls overlay). */
let openCallScreen: () => void = () => undefined;

export function onCallNotificationClick(open: () => void) {
  openCallScreen = open;
}

/** The ring reaches a background tab: the title names the caller, and a system notification does when allowed. */
export function announceRing(incoming: IncomingCall) {
  titleBefore = document.title;
  ringTitle = `Incoming call — ${incoming.from.name}`;
  document.title = ringTitle;
  if (!wanted()) return;
  try {
    const notification = new Notification(`Incoming ${incoming.media} call`, {
      body: `${incoming.from.name} (${incoming.department}) is calling.`,
      tag: `call-${incoming.callId}`,
      requireInteraction: true,
    });
    notification.onclick = () => {
      window.focus();
      notification.close();
      openCallScreen();
    };
    shown = notification;
  } catch {
    // Some browsers (Android Chrome) show notifications only from a service worker: the dialog and title still ring.
  }
}

/** The ring ended (answered, declined, missed): the notification goes and the title comes back. */
export function endRingAnnouncement() {
  shown?.close();
  shown = null;
  // A page the person opened meanwhile set its own title: that one stays.
  if (ringTitle !== null && document.title === ringTitle && titleBefore !== null) document.title = titleBefore;
  ringTitle = null;
  titleBefore = null;
}
