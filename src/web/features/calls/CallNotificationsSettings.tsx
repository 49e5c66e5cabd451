import { BellRing } from "lucide-react";
import { useState } from "react";
import { FormAlert, mutedTextClass } from "../../components/form/form-fields";
import { Switch } from "../../components/form/Switch";
import { Button } from "../../components/ui/Button";
import { cardClass } from "../../components/ui/SectionCard";
import { type NotificationAccess, turnOffCallNotifications, turnOnCallNotifications, useCallNotifications } from "./call-notifications";

const blocked = "This browser blocks notifications from the portal. Allow them in the site settings of your browser, then try again.";
const unsupported = "This browser cannot show notifications; calls still ring on the portal's open tab.";

/** What to tell the person after asking the browser, or nothing when it allowed notifications. */
const refusalOf = (access: NotificationAccess) =>
  access === "denied" ? blocked : access === "unsupported" ? unsupported : access === "default" ? blocked : null;

/**
 * /call on the first visit of a device that was never asked: why call notifications help, and the button that asks
 * the browser (a browser asks only from a click). Gone once the person chose, either way.
 */
export function CallNotificationsPrompt() {
  const device = useCallNotifications();
  const [asking, setAsking] = useState(false);
  if (!device?.undecided || device.access !== "default") return null;
  return (
    <section aria-labelledby="call-notifications-prompt" className={`${cardClass} flex flex-col gap-3`}>
      <h2 id="call-notifications-prompt" className="flex items-center gap-2 text-lg font-bold">
        <BellRing aria-hidden className="size-5 shrink-0" />
        Hear about calls in other tabs
      </h2>
      <p className={mutedTextClass}>
        When a colleague calls while the portal is in a background tab, your device can show a notification with their name. Your browser
        will ask whether to allow it. You can change this later in Settings.
      </p>
      <div className="flex flex-wrap gap-3">
        <Button
          disabled={asking}
          onClick={() => {
            setAsking(true);
            void turnOnCallNotifications().finally(() => setAsking(false));
          }}
        >
          Turn on call notifications
        </Button>
        <Button variant="secondary" disabled={asking} onClick={turnOffCallNotifications}>
          Not now
        </Button>
      </div>
    </section>
  );
}

/** /settings: call notifications on this device on or off; turning them on asks the browser's permission. */
export function CallNotificationsSwitch() {
  const device = useCallNotifications();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  if (!device) return null;
  if (device.access === "unsupported") return <p className={mutedTextClass}>{unsupported}</p>;
  return (
    <div className="flex flex-col gap-3">
      <Switch
        id="call-notifications"
        label="Call notifications on this device"
        hint="A notification naming the caller when a colleague calls, also when the portal is in a background tab."
        checked={device.on}
        disabled={asking}
        onChange={(event) => {
          setRefusal(null);
          if (!event.target.checked) return turnOffCallNotifications();
          setAsking(true);
          void turnOnCallNotifications()
            .then((access) => setRefusal(refusalOf(access)))
            .finally(() => setAsking(false));
        }}
      />
      <FormAlert message={refusal ?? (device.access === "denied" ? blocked : null)} />
    </div>
  );
}
