import { useSyncExternalStore } from "react";
import type { CallMedia, CallParticipant, IncomingCall } from "../../../shared/calls";

/** How the connection with one other participant is doing. */
export type LinkStatus = "connecting" | "connected" | "reconnecting";

/**
 * docs/product.md#records call state (isInCall … incomingCall), kept in this one store for the whole portal, with what
 * the screens also need: the phase, the media streams, each link's status, and the alert to show.
 */
export type CallState = {
  isInCall: boolean;
  /** This user started the call (they are the caller). */
  isCallStarted: boolean;
  callId: string | null;
  department: string | null;
  media: CallMedia | null;
  /** The others in the call; the user's own flags are localAudio, localVideo and isScreenSharing. */
  participants: CallParticipant[];
  localVideo: boolean;
  localAudio: boolean;
  isScreenSharing: boolean;
  incomingCall: IncomingCall | null;
  /** starting: asking for the devices and the server; joining: accepting a call. */
  phase: "idle" | "starting" | "joining" | "in-call";
  /** What the user's camera (or screen) shows, for their own tile. */
  localStream: MediaStream | null;
  remoteStreams: Record<string, MediaStream>;
  links: Record<string, LinkStatus>;
  /**
   * The others left this user alone in the call: who left last, and when (Date.now() time) the server ends the call
   * unless someone joins.
   */
  alone: { name: string; endsAt: number } | null;
  /** A refusal (docs/product.md#wording permission alerts, a full call) or why the call ended. */
  alert: string | null;
  ringMuted: boolean;
};

export const idleCall: Omit<CallState, "ringMuted" | "alert" | "incomingCall"> = {
  isInCall: false,
  isCallStarted: false,
  callId: null,
  department: null,
  media: null,
  participants: [],
  localVideo: false,
  localAudio: false,
  isScreenSharing: false,
  phase: "idle",
  localStream: null,
  remoteStreams: {},
  links: {},
  alone: null,
};

let state: CallState = { ...idleCall, incomingCall: null, alert: null, ringMuted: false };
const listeners = new Set<() => void>();

export const getCallState = () => state;

export function updateCallState(change: Partial<CallState> | ((current: CallState) => Partial<CallState>)) {
  state = { ...state, ...(typeof change === "function" ? change(state) : change) };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The call state, re-rendering on each change. */
export function useCallState(): CallState {
  return useSyncExternalStore(subscribe, getCallState, getCallState);
}
