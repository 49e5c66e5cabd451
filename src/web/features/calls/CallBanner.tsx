import { useLocation } from "react-router";
import { FormAlert } from "../../components/form/form-fields";
import { Button, ButtonLink } from "../../components/ui/Button";
import { dismissCallAlert } from "./call-session";
import { useCallState } from "./call-state";

export const CALL_PATH = "/call";

/** Under the portal's header: the call's alert (a refused permission, why it ended), and a way back to a call going on. */
export function CallBanner() {
  const { alert, isInCall } = useCallState();
  const { pathname } = useLocation();
  const away = isInCall && pathname !== CALL_PATH;
  if (!alert && !away) return null;
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-2 px-4 pt-4">
      {alert ? (
        <FormAlert message={alert}>
          <Button variant="secondary" className="mt-2" onClick={dismissCallAlert}>
            Dismiss
          </Button>
        </FormAlert>
      ) : null}
      {away ? (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-md bg-brand-900 p-3 text-white">
          <p>You are in a call.</p>
          <ButtonLink to={CALL_PATH} variant="inverse">
            Return to call
          </ButtonLink>
        </div>
      ) : null}
    </div>
  );
}
