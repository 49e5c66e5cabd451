import { useEffect } from "react";
import { useNavigate } from "react-router";
import { CALL_PATH, CallBanner } from "./CallBanner";
import { onCallNotificationClick } from "./call-notifications";
import { listenForCalls } from "./call-session";
import { IncomingCallDialog } from "./IncomingCallDialog";

/** The calls part of every portal screen for staff and admins: listening for rings, the incoming-call dialog, the banner. */
export function CallOverlay({ userId }: { userId: string }) {
  useEffect(listenForCalls, []);
  const navigate = useNavigate();
  // A click on the ring's system notification brings the person to the calls screen, the ring's dialog on top.
  useEffect(() => onCallNotificationClick(() => void navigate(CALL_PATH)), [navigate]);
  return (
    <>
      <CallBanner />
      <IncomingCallDialog userId={userId} />
    </>
  );
}
