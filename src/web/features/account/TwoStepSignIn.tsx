import { ShieldCheck } from "lucide-react";
import { useState } from "react";
import { ApiError } from "../../../shared/api";
import { mfaCodeSchema, type SessionUser } from "../../../shared/auth";
import { FormAlert, FormSuccess, mutedTextClass, PasswordField } from "../../components/form/form-fields";
import { useAttempt } from "../../components/form/use-attempt";
import { Button } from "../../components/ui/Button";
import { saveFile } from "../../lib/save-file";
import { useAuth } from "../../lib/session/AuthProvider";
import { toast } from "../../lib/toast";
import { accountApi, type MfaEnrolment } from "./api";
import { CodeForm } from "./CodeForm";
import { StepUpDialog } from "./StepUpDialog";

function downloadRecoveryCodes(email: string, codes: string[]) {
  const text = `Crestbuild recovery codes for ${email}\nEach code works once, in place of the authenticator app's code.\n\n${codes.join("\n")}\n`;
  saveFile(new Blob([text], { type: "text/plain" }), "crestbuild-recovery-codes.txt");
}

/** The server names a wrong or missing password under its field; here it is the form's message. */
async function provingPassword<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const message = error instanceof ApiError ? error.fields.password : undefined;
    if (error instanceof ApiError && message) throw new ApiError(error.status, message, error.code, error.fields);
    throw error;
  }
}

type RecoveryCodesProps = { email: string; codes: string[]; title: string; onDone: () => void };

function RecoveryCodes({ email, codes, title, onDone }: RecoveryCodesProps) {
  return (
    <div className="flex flex-col gap-4">
      <FormSuccess title={title}>
        <p>Keep these recovery codes somewhere safe. Each works once if you lose your phone.</p>
      </FormSuccess>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 font-mono sm:max-w-sm">
        {codes.map((code) => (
          <li key={code} className="rounded bg-neutral-light/40 px-3 py-1 text-center dark:bg-brand-700">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={() => downloadRecoveryCodes(email, codes)}>
          Download codes
        </Button>
        <Button onClick={onDone}>I have saved them</Button>
      </div>
    </div>
  );
}

/**
 * Two-step sign-in with an authenticator app: turning it on (QR code, first code, recovery codes) and off.
 * `onCodesSaved` runs once the new recovery codes are saved (the required enrolment then goes on to the dashboard).
 */
export function TwoStepSignIn({ user, onCodesSaved }: { user: SessionUser; onCodesSaved?: () => void }) {
  const { updateUser } = useAuth();
  const [enrolment, setEnrolment] = useState<MfaEnrolment | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<{ codes: string[]; title: string } | null>(null);
  const [renewingCodes, setRenewingCodes] = useState(false);
  const starting = useAttempt();
  // Turning two-step sign-in on or off needs the current password: a stolen session alone cannot.
  const [password, setPassword] = useState("");
  const passwordField = (
    <PasswordField purpose="current" label="Current password" value={password} onChange={(event) => setPassword(event.target.value)} />
  );

  if (recoveryCodes) {
    const done = () => {
      setRecoveryCodes(null);
      onCodesSaved?.();
    };
    return <RecoveryCodes email={user.email} {...recoveryCodes} onDone={done} />;
  }

  if (user.mfaEnabled) {
    return (
      <div className="flex flex-col gap-4">
        <p className="flex items-center gap-2 font-semibold text-green-800 dark:text-green-300">
          <ShieldCheck aria-hidden className="size-5" /> Two-step sign-in is on.
        </p>
        <p className={mutedTextClass}>To turn it off, enter your password and a code from your authenticator app or a recovery code.</p>
        <div className="max-w-sm">{passwordField}</div>
        <CodeForm
          label="Authentication code"
          submitLabel="Turn off two-step sign-in"
          pendingLabel="Turning off..."
          schema={mfaCodeSchema}
          emptyOnFailure
          onCode={async (code) => {
            await provingPassword(() => accountApi.turnOffMfa(password, code));
            setPassword("");
            updateUser({ ...user, mfaEnabled: false });
            toast.success("Two-step sign-in is off.");
          }}
        />
        <div>
          <Button variant="secondary" onClick={() => setRenewingCodes(true)}>
            Make new recovery codes
          </Button>
        </div>
        <StepUpDialog
          open={renewingCodes}
          onClose={() => setRenewingCodes(false)}
          title="Make new recovery codes"
          actionLabel="Make new codes"
          onProof={async (proof) => {
            const { recoveryCodes: codes } = await accountApi.regenerateRecoveryCodes(proof);
            setRecoveryCodes({ codes, title: "New recovery codes are ready; the old ones no longer work." });
          }}
        />
      </div>
    );
  }

  if (enrolment) {
    const qrCode = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrCodeSvg)}`;
    return (
      <div className="flex flex-col gap-5">
        <ol className="flex list-decimal flex-col gap-2 pl-5">
          <li>Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password...).</li>
          <li>Scan this QR code, or type the key below.</li>
          <li>Enter the 6-digit code the app shows.</li>
        </ol>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
          <img
            src={qrCode}
            alt="QR code to add your Crestbuild account to an authenticator app"
            width={176}
            height={176}
            className="rounded bg-white p-2"
          />
          <div>
            <p className="font-medium">Key</p>
            <p className="font-mono text-lg break-all" data-testid="mfa-secret">
              {enrolment.secret}
            </p>
          </div>
        </div>
        <CodeForm
          label="Code from the app"
          submitLabel="Confirm and turn on"
          pendingLabel="Confirming..."
          schema={mfaCodeSchema}
          emptyOnFailure
          onCode={async (code) => {
            const result = await accountApi.confirmMfaEnrolment(code);
            setEnrolment(null);
            setRecoveryCodes({ codes: result.recoveryCodes, title: "Two-step sign-in is on." });
            updateUser({ ...user, mfaEnabled: true });
          }}
        />
        <div>
          <Button variant="secondary" onClick={() => setEnrolment(null)}>
            Cancel
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="flex flex-col items-start gap-4">
      <p className={mutedTextClass}>
        Besides your password, ask for a code from an app on your phone when you sign in. Someone who learns your password still cannot get
        in.
      </p>
      <div className="w-full max-w-sm">{passwordField}</div>
      <FormAlert message={starting.failure} />
      <Button
        onClick={() =>
          void starting.attempt(async () => {
            setEnrolment(await provingPassword(() => accountApi.startMfaEnrolment(password)));
            setPassword("");
          })
        }
        disabled={starting.pending}
      >
        {starting.pending ? "Starting..." : "Turn on two-step sign-in"}
      </Button>
    </div>
  );
}
