import { useEffect } from "react";
import { CallBanner } from "./CallBanner";
import { listenForCalls } from "./call-session";
import { IncomingCallDialog } from "./IncomingCallDialog";

/** The calls part of every portal screen for staff and admins: listening for rings, the incoming-call dialog, the banner. */
export function CallOverlay({ userId }: { userId: string }) {
  useEffect(listenForCalls, []);
  return (
    <>
      <CallBanner />
      <IncomingCallDialog userId={userId} />
    </>
  );
}
