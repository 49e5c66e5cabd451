import { CALL_ALONE_TIMEOUT_MS, CALL_RING_TIMEOUT_MS, type CallMedia, callRefusals } from "../../../shared/call-terms";
import type { CallEvent, CallSnapshot } from "../../../shared/calls";
import type { DepartmentName } from "../../../shared/departments";
import { countOf } from "../../../shared/plural";
import type { RealtimeEvent } from "../../../shared/realtime";
import { wording } from "../../../shared/wording";
import { onRealtimeEvent, onRealtimeResync, realtimeOpen, sendRealtimeFrame } from "../../lib/realtime-client";
import { fetchIceServers } from "./api";
import { announceRing, endRingAnnouncement } from "./call-notifications";
import { getCallState, idleCall, type LinkStatus, updateCallState } from "./call-state";
import { DevicesRefused, openCallDevices, openScreen, stopStream } from "./local-media";
import { PeerLink } from "./peer-link";
import { startRinging, stopRinging } from "./ring-tone";

/**
 * The call of this tab: the devices, one PeerLink per other participant, and the signalling over the
 * realtime connection. The screens read the state (call-state.ts) and call the actions below.
 */

const links = new Map<string, PeerLink>();
let selfId: string | null = null;
let camera: MediaStream | null = null;
let screen: MediaStream | null = null;
/** This call's ICE servers; null until asked for (the server hands TURN credentials only to people rung or in a call). */
let iceServers: RTCIceServer[] | null = null;
let ringTimeout: ReturnType<typeof setTimeout> | undefined;

/** How long a call started (or answered) as its screen opens waits for the connection before saying it is offline. */
const CONNECTING_WITHIN_MS = 10_000;
const NOT_CONNECTED = "You are offline. Please check your internet connection and try again.";
const endedMessages = {
  "no-answer": "No one answered the call.",
  "everyone-left": "The call has ended.",
  alone: `The call ended: nobody else was in it for ${countOf(CALL_ALONE_TIMEOUT_MS / 1000, "second")}.`,
} as const;

function outgoingVideo(): MediaStreamTrack | null {
  return screen?.getVideoTracks()[0] ?? camera?.getVideoTracks()[0] ?? null;
}

function setLink(userId: string, status: LinkStatus) {
  updateCallState((current) => ({ links: { ...current.links, [userId]: status } }));
}

function openLink(peerId: string, callId = getCallState().callId): PeerLink {
  const link = new PeerLink({
    iceServers: iceServers ?? [],
    // Both sides must agree on who gives way when offers cross: the larger user id does.
    polite: (selfId ?? "") > peerId,
    send: (signal) => {
      if (!callId) return;
      if (signal.type === "candidate") sendRealtimeFrame({ type: "call.candidate", callId, to: peerId, candidate: signal.candidate });
      else sendRealtimeFrame({ type: `call.${signal.type}`, callId, to: peerId, sdp: signal.sdp });
    },
    onStatus: (status) => setLink(peerId, status),
    onStream: (stream) => updateCallState((current) => ({ remoteStreams: { ...current.remoteStreams, [peerId]: stream } })),
    tracks: () => ({ audio: camera?.getAudioTracks()[0] ?? null, video: outgoingVideo() }),
  });
  links.set(peerId, link);
  setLink(peerId, "connecting");
  return link;
}

function closeLink(peerId: string) {
  links.get(peerId)?.close();
  links.delete(peerId);
  updateCallState((current) => {
    const { [peerId]: _stream, ...remoteStreams } = current.remoteStreams;
    const { [peerId]: _link, ...rest } = current.links;
    return { remoteStreams, links: rest, participants: current.participants.filter((participant) => participant.id !== peerId) };
  });
}

/** Stops every track and connection and forgets the call (the ring setting stays). */
function reset(alert: string | null = null) {
  for (const peerId of [...links.keys()]) closeLink(peerId);
  stopStream(camera);
  stopStream(screen);
  camera = null;
  screen = null;
  iceServers = null;
  updateCallState({ ...idleCall, alert });
}

function sendMediaFlags() {
  const { callId, localAudio, localVideo, isScreenSharing } = getCallState();
  if (callId) sendRealtimeFrame({ type: "call.media", callId, audio: localAudio, video: localVideo, screen: isScreenSharing });
}

/** The ICE servers with fresh credentials; asked for as soon as a call rings, so that Accept does not wait for them. */
let iceServersAsked: Promise<RTCIceServer[]> | null = null;
function askIceServers(): Promise<RTCIceServer[]> {
  iceServersAsked ??= fetchIceServers().then(
    (list) => list.iceServers,
    // Without STUN/TURN, host candidates still connect people on one network.
    () => [],
  );
  return iceServersAsked;
}

function clearIncoming() {
  clearTimeout(ringTimeout);
  stopRinging();
  endRingAnnouncement();
  updateCallState({ incomingCall: null });
}

/**
 * Opens the devices (docs/product.md#wording alert when they are refused) and, for a call that rang, waits for the ICE
 * servers asked for while it rang; then sends the frame that starts or joins the call, whose answer (call.joined or
 * call.refused) takes it from there. A caller, or someone joining unrung, asks once in the call (enterCall). Answers
 * whether the frame left.
 */
async function enter(me: string, media: CallMedia, refusal: string, frame: Parameters<typeof sendRealtimeFrame>[0]): Promise<boolean> {
  selfId = me;
  const servers = iceServersAsked;
  try {
    camera = await openCallDevices(media);
  } catch (error) {
    updateCallState({ ...idleCall, alert: error instanceof DevicesRefused ? refusal : String(error) });
    return false;
  }
  updateCallState({ localStream: camera, localAudio: true, localVideo: media === "video", media });
  iceServers = servers ? await servers : null;
  // The next call asks for credentials of its own.
  iceServersAsked = null;
  const connected = navigator.onLine && (await realtimeOpen(CONNECTING_WITHIN_MS));
  if (!connected || !sendRealtimeFrame(frame)) {
    reset(NOT_CONNECTED);
    return false;
  }
  return true;
}

/** Starts a video or voice call to the department (or chosen members; admins choose the department). */
export async function startCall(me: string, media: CallMedia, target: { department?: DepartmentName; memberIds?: string[] } = {}) {
  if (getCallState().phase !== "idle") return;
  updateCallState({ phase: "starting", alert: null, isCallStarted: true });
  await enter(me, media, wording.callNeedsDevicesToStart, { type: "call.start", media, ...target });
}

/** Accept: joins the ringing call. */
export async function acceptCall(me: string) {
  const incoming = getCallState().incomingCall;
  if (!incoming || getCallState().phase !== "idle") return;
  clearIncoming();
  updateCallState({ phase: "joining", alert: null });
  const { callId, from } = incoming;
  // The offer to the caller follows the join at once (the server takes a tab's frames in order) rather than after
  // the server's answer: a round trip less before the picture. The others in the call get theirs on call.joined.
  if (await enter(me, incoming.media, wording.callNeedsDevicesToJoin, { type: "call.join", callId }))
    void openLink(from.id, callId).offer();
}

/** Joins a call going on (from /call's list of the department's calls). */
export async function joinCall(me: string, callId: string, media: CallMedia) {
  if (getCallState().phase !== "idle") return;
  updateCallState({ phase: "joining", alert: null });
  await enter(me, media, wording.callNeedsDevicesToJoin, { type: "call.join", callId });
}

/** Decline: the ring stops here and on the person's other tabs. */
export function declineCall() {
  const incoming = getCallState().incomingCall;
  if (!incoming) return;
  clearIncoming();
  sendRealtimeFrame({ type: "call.decline", callId: incoming.callId });
}

export function leaveCall() {
  const { callId } = getCallState();
  if (callId) sendRealtimeFrame({ type: "call.leave", callId });
  reset();
}

/** Mute / Unmute, Turn camera off / on: the track stays, disabled (it sends silence or black). */
function toggleTrack(kind: "audio" | "video") {
  const track = kind === "audio" ? camera?.getAudioTracks()[0] : camera?.getVideoTracks()[0];
  if (!track) return;
  track.enabled = !track.enabled;
  updateCallState(kind === "audio" ? { localAudio: track.enabled } : { localVideo: track.enabled });
  sendMediaFlags();
}

export const toggleMicrophone = () => toggleTrack("audio");
export const toggleCamera = () => toggleTrack("video");

async function sendVideoToAll() {
  await Promise.all([...links.values()].map((link) => link.replaceTrack("video", outgoingVideo())));
}

export async function stopScreenShare() {
  if (!screen) return;
  stopStream(screen);
  screen = null;
  updateCallState({ isScreenSharing: false, localStream: camera });
  await sendVideoToAll();
  sendMediaFlags();
}

export async function startScreenShare() {
  if (screen || !getCallState().isInCall) return;
  try {
    screen = await openScreen();
  } catch {
    updateCallState({ alert: wording.callNeedsScreen });
    return;
  }
  // The browser's own "Stop sharing" ends the track.
  screen.getVideoTracks()[0]?.addEventListener("ended", () => void stopScreenShare());
  updateCallState({ isScreenSharing: true, localStream: screen, alert: null });
  await sendVideoToAll();
  sendMediaFlags();
}

export function setRingMuted(ringMuted: boolean) {
  updateCallState({ ringMuted });
  if (ringMuted) stopRinging();
  else if (getCallState().incomingCall) startRinging();
}

export function dismissCallAlert() {
  updateCallState({ alert: null });
}

/** In the call (or back in it after a reconnection): drops who left, offers a connection to who is new. */
async function enterCall(call: CallSnapshot) {
  const others = call.participants.filter((participant) => participant.id !== selfId);
  updateCallState({
    phase: "in-call",
    isInCall: true,
    callId: call.callId,
    department: call.department,
    media: call.media,
    participants: others,
    ...(others.length > 0 ? { alone: null } : {}),
  });
  if (!iceServers) {
    const servers = await askIceServers();
    iceServersAsked = null;
    // Left or ended meanwhile.
    if (getCallState().callId !== call.callId) return;
    iceServers = servers;
  }
  for (const peerId of [...links.keys()]) if (!others.some((participant) => participant.id === peerId)) closeLink(peerId);
  for (const participant of others) if (!links.has(participant.id)) void openLink(participant.id).offer();
  sendMediaFlags();
}

function onCallEvent(event: CallEvent) {
  const current = getCallState();
  const inThisCall = "callId" in event && event.callId === current.callId && current.isInCall;
  switch (event.type) {
    case "call.incoming":
      if (current.phase !== "idle" || current.incomingCall) return;
      updateCallState({ incomingCall: { callId: event.callId, from: event.from, department: event.department, media: event.media } });
      if (!current.ringMuted) startRinging();
      announceRing(event);
      void askIceServers();
      // Rings stop after 30 s even if the server's word that they did is lost.
      clearTimeout(ringTimeout);
      ringTimeout = setTimeout(clearIncoming, CALL_RING_TIMEOUT_MS);
      return;
    case "call.ring-ended":
      if (current.incomingCall?.callId === event.callId) clearIncoming();
      return;
    case "call.joined":
      if (current.phase === "starting" || current.phase === "joining" || current.callId === event.call.callId) void enterCall(event.call);
      return;
    case "call.refused":
      // A refused start or join; or the server no longer counts this tab in the call (it was away too long).
      if (current.phase === "starting" || current.phase === "joining") reset(event.message);
      else if (event.callId === current.callId && event.message === callRefusals.notFound) reset(event.message);
      return;
    case "call.participant-joined":
      if (inThisCall)
        updateCallState({
          participants: [...current.participants.filter((each) => each.id !== event.participant.id), event.participant],
          alone: null,
        });
      return;
    case "call.participant-left": {
      if (!inThisCall) return;
      const name = current.participants.find((each) => each.id === event.userId)?.name ?? "Your colleague";
      closeLink(event.userId);
      // The server counts the time alone; this tab shows it from when it heard.
      if (event.aloneEndsInMs !== undefined) updateCallState({ alone: { name, endsAt: Date.now() + event.aloneEndsInMs } });
      return;
    }
    case "call.media":
      if (inThisCall)
        updateCallState({
          participants: current.participants.map((each) =>
            each.id === event.userId ? { ...each, audio: event.audio, video: event.video, screen: event.screen } : each,
          ),
        });
      return;
    case "call.offer":
    case "call.answer":
      if (inThisCall)
        void (links.get(event.from) ?? openLink(event.from)).receive({
          type: event.type === "call.offer" ? "offer" : "answer",
          sdp: event.sdp,
        });
      return;
    case "call.candidate":
      if (inThisCall) void links.get(event.from)?.receive({ type: "candidate", candidate: event.candidate });
      return;
    case "call.ended":
      if (event.callId === current.callId) reset(endedMessages[event.reason]);
      return;
  }
}

const isCallEvent = (event: RealtimeEvent): event is CallEvent => event.type.startsWith("call.");

let listening = false;

/** Follows the call events of the realtime connection (once per page; the portal layout does it). */
export function listenForCalls() {
  if (listening) return;
  listening = true;
  onRealtimeEvent((event) => {
    if (isCallEvent(event)) onCallEvent(event);
  });
  // A new realtime connection: this tab tells the server it is still in its call.
  onRealtimeResync(() => {
    const { callId, isInCall } = getCallState();
    if (callId && isInCall) sendRealtimeFrame({ type: "call.resume", callId });
  });
  // Closing the tab leaves the call at once (the server would take it out after a few seconds anyway).
  window.addEventListener("pagehide", () => {
    if (getCallState().isInCall) leaveCall();
  });
}
