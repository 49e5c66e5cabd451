import { browserSupportsWebAuthn, browserSupportsWebAuthnAutofill, startAuthentication } from "@simplewebauthn/browser";
import { useMutation } from "@tanstack/react-query";
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

  // Each sign-in asks the person for their passkey first: never repeated on its own.
  const byAutofill = useMutation({ mutationFn: () => ceremony(true), retry: false });
  const byButton = useMutation({
    mutationFn: () => ceremony(false),
    retry: false,
    onError: () => onFailure(passkeyMessages.notRecognised),
  });

  // Autofill (conditional UI) waits in the background until the person picks a passkey in the email field.
  // biome-ignore lint/correctness/useExhaustiveDependencies: started once, on arrival.
  useEffect(() => {
    setSupported(browserSupportsWebAuthn());
    void browserSupportsWebAuthnAutofill().then((autofill) => {
      if (autofill) byAutofill.mutate();
    });
  }, []);

  if (!supported) return null;
  return (
    <Button variant="secondary" disabled={byButton.isPending} onClick={() => byButton.mutate()}>
      {byButton.isPending ? "Waiting for your passkey..." : "Use a passkey"}
    </Button>
  );
}
