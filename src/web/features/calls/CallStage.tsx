import { useEffect, useState } from "react";
import { countOf } from "../../../shared/plural";
import { Button } from "../../components/ui/Button";
import { leaveCall, startScreenShare, stopScreenShare, toggleCamera, toggleMicrophone } from "./call-session";
import { useCallState } from "./call-state";
import { ParticipantTile } from "./ParticipantTile";

/** Whole seconds until `endsAt` (a Date.now() time), moving on every second; 0 once it has passed. */
function useSecondsLeft(endsAt: number): number {
  const left = () => Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
  const [seconds, setSeconds] = useState(left);
  // biome-ignore lint/correctness/useExhaustiveDependencies: left reads endsAt, the one input.
  useEffect(() => {
    setSeconds(left());
    const ticker = setInterval(() => setSeconds(left()), 1000);
    return () => clearInterval(ticker);
  }, [endsAt]);
  return seconds;
}

/** Alone in the call: the time left before the server ends it, unless someone joins. */
function AloneCountdown({ endsAt }: { endsAt: number }) {
  const seconds = useSecondsLeft(endsAt);
  // A timer (not announced each second); the status line above said what happened.
  return <p role="timer">{seconds > 0 ? `The call ends in ${countOf(seconds, "second")} unless someone joins.` : "Ending the call…"}</p>;
}

/** The call: a tile per person (up to 6), and the buttons to mute, turn the camera off, share the screen and leave. */
export function CallStage({ self }: { self: { name: string; department: string } }) {
  const call = useCallState();
  const reconnecting = Object.values(call.links).includes("reconnecting");
  const columns = call.participants.length === 0 ? "sm:grid-cols-1" : call.participants.length < 4 ? "sm:grid-cols-2" : "sm:grid-cols-3";

  return (
    <section aria-label={`${call.media === "voice" ? "Voice" : "Video"} call, ${call.department ?? ""}`} className="flex flex-col gap-4">
      <div>
        <p role="status" className="font-semibold">
          {reconnecting
            ? "Reconnecting…"
            : call.alone
              ? `${call.alone.name} left the call.`
              : call.participants.length === 0
                ? "Calling… waiting for someone to answer."
                : `In a ${call.media} call with ${countOf(call.participants.length, "person", "people")}.`}
        </p>
        {call.alone ? <AloneCountdown endsAt={call.alone.endsAt} /> : null}
      </div>
      <div className={`grid grid-cols-1 gap-3 ${columns}`}>
        <ParticipantTile
          name={self.name}
          department={self.department}
          audio={call.localAudio}
          video={call.localVideo}
          screen={call.isScreenSharing}
          stream={call.localStream}
          isSelf
        />
        {call.participants.map((participant) => (
          <ParticipantTile
            key={participant.id}
            name={participant.name}
            department={participant.department}
            audio={participant.audio}
            video={participant.video}
            screen={participant.screen}
            stream={call.remoteStreams[participant.id] ?? null}
            status={call.links[participant.id]}
          />
        ))}
      </div>
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={toggleMicrophone}>
          {call.localAudio ? "Mute" : "Unmute"}
        </Button>
        {call.media === "video" ? (
          <Button variant="secondary" onClick={toggleCamera}>
            {call.localVideo ? "Turn camera off" : "Turn camera on"}
          </Button>
        ) : null}
        <Button variant="secondary" onClick={() => void (call.isScreenSharing ? stopScreenShare() : startScreenShare())}>
          {call.isScreenSharing ? "Stop sharing" : "Share screen"}
        </Button>
        <Button variant="danger" onClick={leaveCall}>
          Leave call
        </Button>
      </div>
    </section>
  );
}
