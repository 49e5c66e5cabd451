import { useNavigate } from "react-router";
import { Button } from "../../components/ui/Button";
import { ModalDialog } from "../../components/ui/ModalDialog";
import { acceptCall, declineCall, setRingMuted } from "./call-session";
import { useCallState } from "./call-state";

/** The ring, wherever the person is in the portal: who calls, Accept, Decline, and the ring's sound on or off. */
export function IncomingCallDialog({ userId }: { userId: string }) {
  const { incomingCall, ringMuted } = useCallState();
  const navigate = useNavigate();
  const media = incomingCall?.media === "voice" ? "voice" : "video";

  return (
    <ModalDialog
      open={incomingCall !== null}
      // Closing the dialog (Escape, Close) declines; after Accept there is no ring left to decline.
      onClose={declineCall}
      title={`Incoming ${media} call`}
      description={incomingCall ? `${incomingCall.from.name} (${incomingCall.department}) is calling.` : undefined}
    >
      <div className="flex flex-wrap gap-3">
        <Button
          data-autofocus
          onClick={() => {
            void navigate("/call");
            void acceptCall(userId);
          }}
        >
          Accept
        </Button>
        <Button variant="danger" onClick={declineCall}>
          Decline
        </Button>
        <Button variant="secondary" aria-pressed={ringMuted} onClick={() => setRingMuted(!ringMuted)}>
          {ringMuted ? "Unmute ring" : "Mute ring"}
        </Button>
      </div>
    </ModalDialog>
  );
}
