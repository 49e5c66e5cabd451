import { browserSupportsWebAuthn, browserSupportsWebAuthnAutofill, startAuthentication } from "@simplewebauthn/browser";
import { useEffect, useState } from "react";
import { ApiError } from "../../../shared/api";
import type { CompleteLoginResult } from "../../../shared/auth";
import { passkeyMessages } from "../../../shared/passkey-messages";
import { Button } from "../../components/ui/Button";
import { authApi } from "./api";

type Props = { onSignedIn: (session: CompleteLoginResult) => void; onFailure: (message: string) => void };

/** Passkey sign-in: the browser offers the site's passkeys, as autofill in the email field and behind this button. */
export function PasskeySignIn({ onSignedIn, onFailure }: Props) {
  // Shown from the server's HTML on (every current browser has passkeys), so that nothing below it moves when the
  // screen hydrates; taken away after it in a browser without them.
  const [supported, setSupported] = useState(true);
  const [pending, setPending] = useState(false);

  async function ceremony(autofill: boolean) {
    const optionsJSON = await authApi.passkeyOptions();
    let response: Awaited<ReturnType<typeof startAuthentication>>;
    try {
      response = await startAuthentication({ optionsJSON, useBrowserAutofill: autofill });
    } catch {
      // Cancelled, or replaced by the button's own request: nothing to tell.
      return;
    }
    try {
      onSignedIn(await authApi.signInWithPasskey(response));
    } catch (error) {
      onFailure(error instanceof ApiError && error.message ? error.message : passkeyMessages.notRecognised);
    }
  }

  // Autofill (conditional UI) waits in the background until the person picks a passkey in the email field.
  // biome-ignore lint/correctness/useExhaustiveDependencies: started once, on arrival.
  useEffect(() => {
    setSupported(browserSupportsWebAuthn());
    void browserSupportsWebAuthnAutofill().then((autofill) => {
      if (autofill) void ceremony(true).catch(() => undefined);
    });
  }, []);

  if (!supported) return null;
  return (
    <Button
      variant="secondary"
      disabled={pending}
      onClick={() => {
        setPending(true);
        void ceremony(false)
          .catch(() => onFailure(passkeyMessages.notRecognised))
          .finally(() => setPending(false));
      }}
    >
      {pending ? "Waiting for your passkey..." : "Use a passkey"}
    </Button>
  );
}
