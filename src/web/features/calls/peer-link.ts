import type { CallCandidate } from "../../../shared/calls";
import type { LinkStatus } from "./call-state";

type Signal = { type: "offer" | "answer"; sdp: string } | { type: "candidate"; candidate: CallCandidate };

type Options = {
  iceServers: RTCIceServer[];
  /** On an offer collision the polite side gives way (perfect negotiation); the two sides must differ. */
  polite: boolean;
  send: (signal: Signal) => void;
  onStatus: (status: LinkStatus) => void;
  onStream: (stream: MediaStream) => void;
  tracks: () => { audio: MediaStreamTrack | null; video: MediaStreamTrack | null };
};

/** A lost path gets this long to come back by itself before an ICE restart. */
const DISCONNECTED_GRACE_MS = 2_000;

/**
 * The WebRTC connection with one other participant: one audio and one video transceiver each way (so a
 * camera or a shared screen is swapped in without renegotiating), perfect negotiation for offers that
 * cross, candidates kept until the remote description is there, and an ICE restart when the path is lost.
 */
export class PeerLink {
  private readonly pc: RTCPeerConnection;
  private remote = new MediaStream();
  /** The path was lost since the last connected state. */
  private lost = false;
  private makingOffer = false;
  private ignoringOffers = false;
  /** How many of the other side's offers this side has taken (to tell a restart crossed by theirs). */
  private offersTaken = 0;
  /**
   * An offer of the other side is being answered. Set before its remote description is queued: the connection runs
   * its operations in turn, so the signaling state still reads 'stable' while that offer waits to be applied.
   */
  private answering = false;
  private pendingCandidates: CallCandidate[] = [];
  private restartTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly options: Options) {
    this.pc = new RTCPeerConnection({ iceServers: options.iceServers });
    this.pc.onicecandidate = ({ candidate }) => {
      if (candidate) options.send({ type: "candidate", candidate: candidate.toJSON() as CallCandidate });
    };
    this.pc.ontrack = ({ track }) => {
      this.remote.addTrack(track);
      options.onStream(this.remote);
    };
    this.pc.onconnectionstatechange = () => this.followState();
  }

  /** The side that joined the call offers to each one already in it. */
  async offer() {
    const { audio, video } = this.options.tracks();
    this.pc.addTransceiver(audio ?? "audio", { direction: "sendrecv" });
    this.pc.addTransceiver(video ?? "video", { direction: "sendrecv" });
    await this.sendOffer();
  }

  async receive(signal: Signal) {
    if (signal.type === "candidate") return this.addCandidate(signal.candidate);
    if (signal.type === "answer") {
      if (this.pc.signalingState !== "have-local-offer") return;
      await this.pc.setRemoteDescription({ type: "answer", sdp: signal.sdp });
      return this.flushCandidates();
    }
    const collision = this.makingOffer || this.pc.signalingState !== "stable";
    this.ignoringOffers = collision && !this.options.polite;
    if (this.ignoringOffers) return;
    this.offersTaken++;
    this.answering = true;
    try {
      await this.pc.setRemoteDescription({ type: "offer", sdp: signal.sdp });
      this.attachLocalTracks();
      await this.pc.setLocalDescription();
      this.options.send({ type: "answer", sdp: this.pc.localDescription?.sdp ?? "" });
    } finally {
      this.answering = false;
    }
    await this.flushCandidates();
  }

  /** Sends this track (the camera, the shared screen, or nothing) in place of the current one of its kind. */
  async replaceTrack(kind: "audio" | "video", track: MediaStreamTrack | null) {
    const transceiver = this.pc.getTransceivers().find((each) => each.receiver.track.kind === kind);
    await transceiver?.sender.replaceTrack(track);
  }

  close() {
    clearTimeout(this.restartTimer);
    this.pc.close();
  }

  /**
   * Sends on the transceivers the remote offer brought: on a first offer, and after an offer collision this side
   * gave way on (its own transceivers were rolled back, the offer's are new). Those already sending keep their track.
   */
  private attachLocalTracks() {
    const tracks = this.options.tracks();
    for (const transceiver of this.pc.getTransceivers()) {
      if (transceiver.mid === null || transceiver.sender.track) continue;
      const kind = transceiver.receiver.track.kind as "audio" | "video";
      transceiver.direction = "sendrecv";
      void transceiver.sender.replaceTrack(tracks[kind]);
    }
  }

  private async sendOffer(iceRestart = false) {
    try {
      this.makingOffer = true;
      await this.pc.setLocalDescription(await this.pc.createOffer({ iceRestart }));
      this.options.send({ type: "offer", sdp: this.pc.localDescription?.sdp ?? "" });
    } finally {
      this.makingOffer = false;
    }
  }

  private async addCandidate(candidate: CallCandidate) {
    if (!this.pc.remoteDescription) {
      this.pendingCandidates.push(candidate);
      return;
    }
    try {
      await this.pc.addIceCandidate(candidate);
    } catch (error) {
      // A candidate of an offer this side ignored (a collision it won) is expected to fail.
      if (!this.ignoringOffers) throw error;
    }
  }

  private async flushCandidates() {
    const pending = this.pendingCandidates.splice(0);
    for (const candidate of pending) await this.addCandidate(candidate);
  }

  private followState() {
    const state = this.pc.connectionState;
    if (state === "connected") {
      clearTimeout(this.restartTimer);
      if (this.lost) this.showRemoteAfresh();
      this.options.onStatus("connected");
    } else if (state === "disconnected") {
      this.lost = true;
      this.options.onStatus("reconnecting");
      clearTimeout(this.restartTimer);
      this.restartTimer = setTimeout(() => void this.restartIce(), DISCONNECTED_GRACE_MS);
    } else if (state === "failed") {
      this.lost = true;
      this.options.onStatus("reconnecting");
      void this.restartIce();
    }
  }

  /**
   * The same tracks in a new stream, so the video element starts a new player. Chromium was seen to decode the frames
   * that came back after a lost path and never show them on the element that had played before the loss
   * (e2e/calls.spec.ts, the relay journey): the call looked frozen on one side.
   */
  private showRemoteAfresh() {
    this.lost = false;
    this.remote = new MediaStream(this.remote.getTracks());
    this.options.onStream(this.remote);
  }

  /**
   * Looks for a new path (a network change, a relay that came back) with the connection kept. Both sides may try at
   * the same moment: when the other side's restart offer is taken meanwhile (the polite side gives way to it), this
   * side's offer can no longer be made, and that exchange restarts the path of both sides.
   */
  private async restartIce() {
    if (this.pc.connectionState === "connected" || this.pc.connectionState === "closed") return;
    // The other side's offer is being answered: that exchange is the restart.
    if (this.answering) return;
    const offersBefore = this.offersTaken;
    try {
      await this.sendOffer(true);
    } catch (error) {
      if (this.offersTaken === offersBefore) throw error;
    }
  }
}
