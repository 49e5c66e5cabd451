import { useEffect, useRef, useState } from "react";
import { emailOnlySchema, resetPasswordSchema, resetRequestedMessage } from "../../../shared/auth";
import { authMessages, VERIFICATION_CODE_LENGTH } from "../../../shared/auth-messages";
import type { SignInMethodsReview } from "../../../shared/security";
import { AccountUsername, CodeField, EmailField, FormAlert, FormSuccess } from "../../components/form/form-fields";
import { NewPasswordFields } from "../../components/form/NewPasswordFields";
import { withPasswordConfirmation } from "../../components/form/password-confirmation";
import { useApiForm } from "../../components/form/use-api-form";
import { Button, ButtonLink } from "../../components/ui/Button";
import { SubmitButton } from "../../components/ui/SubmitButton";
import { AuthFooterLink, AuthHeader } from "../../features/auth/AuthScreen";
import { authApi } from "../../features/auth/api";
import { ReviewAfterReset } from "../../features/security";
import { useLocationState } from "../../lib/use-location-state";

const newPasswordSchema = withPasswordConfirmation(resetPasswordSchema.pick({ code: true, newPassword: true }));

const passwordReset = "Your password has been reset. Please sign in with your new password.";

/** Step 1: the address the reset code goes to. */
function RequestCodeForm({ email, onSent }: { email: string; onSent: (email: string) => void }) {
  const form = useApiForm(emailOnlySchema, { defaultValues: { email }, fields: ["email"], serverFailure: authMessages.resetEmailFailed });

  const onSubmit = form.submit(async (values) => {
    await authApi.forgotPassword(values.email);
    onSent(values.email);
  });

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <EmailField label="Email" {...form.field("email")} />
      <FormAlert message={form.failure} />
      <SubmitButton pending={form.formState.isSubmitting} label="Send reset code" pendingLabel="Sending..." />
    </form>
  );
}

/** Step 2: the code from the email and the new password. */
type NewPasswordProps = { email: string; onDone: (review: SignInMethodsReview) => void; onRestart: () => void };

function NewPasswordForm({ email, onDone, onRestart }: NewPasswordProps) {
  const [resent, setResent] = useState(false);
  const [resending, setResending] = useState(false);
  const form = useApiForm(newPasswordSchema, {
    defaultValues: { code: "", newPassword: "", confirmPassword: "" },
    fields: ["code", "newPassword"],
    serverFailure: authMessages.resetFailed,
  });

  const onSubmit = form.submit(async ({ code, newPassword }) => {
    onDone(await authApi.resetPassword(email, code, newPassword));
  });

  const onResend = async () => {
    setResent(false);
    setResending(true);
    setResent(await form.attempt(() => authApi.forgotPassword(email), { serverFailure: authMessages.resetEmailFailed }));
    setResending(false);
  };

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <FormSuccess title={resent ? "We have sent a new code." : undefined}>
        <p>{resetRequestedMessage}</p>
        <p className="text-sm">
          Address: <span className="font-semibold break-all">{email}</span>
        </p>
      </FormSuccess>
      <AccountUsername email={email} />
      <CodeField label="Reset code" maxLength={VERIFICATION_CODE_LENGTH} className="tracking-[0.3em]" {...form.field("code")} />
      <NewPasswordFields field={form.field} />
      <FormAlert message={form.failure} />
      <SubmitButton pending={form.formState.isSubmitting} label="Reset password" pendingLabel="Resetting password..." />
      <div className="grid gap-3 sm:grid-cols-2">
        <Button variant="secondary" disabled={resending} onClick={() => void onResend()}>
          {resending ? "Sending..." : "Send a new code"}
        </Button>
        <Button variant="secondary" onClick={onRestart}>
          Use another email
        </Button>
      </div>
    </form>
  );
}

/** Password reset (docs/product.md#sign-in-screens): a 6-digit code by email, then a new password. */
export default function ForgotPasswordPage() {
  // Sent here with a code already emailed (the 'this wasn't me' link), the page starts at the code.
  const codeSentTo = (useLocationState() as { codeSentTo?: string } | null)?.codeSentTo;
  const [email, setEmail] = useState(codeSentTo ?? "");
  const [step, setStep] = useState<"request" | "reset" | "done">(codeSentTo ? "reset" : "request");
  const [review, setReview] = useState<SignInMethodsReview | null>(null);
  // Reloaded on its way there, the page learns it once hydrated (the server rendered the first step).
  useEffect(() => {
    if (!codeSentTo) return;
    setEmail(codeSentTo);
    setStep("reset");
  }, [codeSentTo]);
  const stepRef = useRef<HTMLDivElement>(null);
  const firstStep = useRef(true);

  // Keyboard and screen reader users continue at the top of the new step.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each change of step.
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    stepRef.current?.focus();
  }, [step]);

  return (
    <div ref={stepRef} tabIndex={-1} className="flex flex-col gap-6 outline-none">
      <AuthHeader title={step === "done" ? "Password reset" : "Reset your password"}>
        {step === "request"
          ? `Enter the email address of your account. We will email you a ${VERIFICATION_CODE_LENGTH}-digit code to set a new password.`
          : null}
      </AuthHeader>
      {step === "request" ? (
        <RequestCodeForm
          email={email}
          onSent={(address) => {
            setEmail(address);
            setStep("reset");
          }}
        />
      ) : null}
      {step === "reset" ? (
        <NewPasswordForm
          email={email}
          onDone={(answer) => {
            setReview(answer);
            setStep("done");
          }}
          onRestart={() => setStep("request")}
        />
      ) : null}
      {step === "done" ? (
        <>
          <FormSuccess title={passwordReset} />
          {review ? <ReviewAfterReset review={review} /> : null}
          <ButtonLink to="/login" className="w-full">
            Go to sign in
          </ButtonLink>
        </>
      ) : (
        <AuthFooterLink question="Remembered it?" to="/login">
          Sign in
        </AuthFooterLink>
      )}
    </div>
  );
}
