import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { verifyEmailSchema } from "../../../shared/auth";
import { authMessages, VERIFICATION_CODE_LENGTH } from "../../../shared/auth-messages";
import { CodeField, EmailField, FormAlert, FormSuccess } from "../../components/form/form-fields";
import { useApiForm } from "../../components/form/use-api-form";
import { Button, ButtonLink } from "../../components/ui/Button";
import { SubmitButton } from "../../components/ui/SubmitButton";
import { AuthFooterLink, AuthHeader } from "../../features/auth/AuthScreen";
import { authApi } from "../../features/auth/api";

const newCodeSent = "If that address has an unconfirmed account, a new code is on its way.";

/** After sign-up: the 6-digit code from the email confirms the address. */
export default function VerifyEmailPage() {
  const [searchParams] = useSearchParams();
  const emailFromLink = searchParams.get("email") ?? "";
  // Registered through a project's invitation: the sign-in then opens the project (/dashboard/invitations/…).
  const invitation = searchParams.get("invitation");
  const [verified, setVerified] = useState<{ requiresApproval: boolean } | null>(null);
  const [resent, setResent] = useState(false);
  const [resending, setResending] = useState(false);
  const resultRef = useRef<HTMLDivElement>(null);
  const {
    register,
    submit,
    attempt,
    failure,
    setFailure,
    trigger,
    getValues,
    formState: { errors, isSubmitting },
  } = useApiForm(verifyEmailSchema, { defaultValues: { email: emailFromLink, code: "" }, fields: ["email", "code"] });

  useEffect(() => {
    if (verified) resultRef.current?.focus();
  }, [verified]);

  const onSubmit = submit(async ({ email, code }) => {
    setResent(false);
    setVerified(await authApi.verifyEmail(email, code));
  });

  const onResend = async () => {
    setFailure(null);
    setResent(false);
    if (!(await trigger("email"))) return;
    setResending(true);
    setResent(await attempt(() => authApi.resendVerification(getValues("email").trim())));
    setResending(false);
  };

  if (verified) {
    return (
      <div ref={resultRef} tabIndex={-1} className="flex flex-col gap-6 outline-none">
        <AuthHeader title="Email confirmed" />
        <FormSuccess title="Your email address is confirmed.">
          <p>
            {verified.requiresApproval
              ? authMessages.pendingApproval
              : invitation
                ? "Sign in now: your project opens once you are signed in."
                : "You can sign in now."}
          </p>
        </FormSuccess>
        <ButtonLink
          to="/login"
          state={invitation ? { from: { pathname: `/dashboard/invitations/${encodeURIComponent(invitation)}` } } : undefined}
          className="w-full"
        >
          Go to sign in
        </ButtonLink>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <AuthHeader title="Confirm your email">
        {emailFromLink
          ? `We have emailed a ${VERIFICATION_CODE_LENGTH}-digit code to ${emailFromLink}. Enter it below; it is valid for 15 minutes.`
          : `Enter your email address and the ${VERIFICATION_CODE_LENGTH}-digit code we emailed you.`}
      </AuthHeader>
      <form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        <EmailField label="Email" error={errors.email?.message} {...register("email")} />
        <CodeField
          label="Confirmation code"
          maxLength={VERIFICATION_CODE_LENGTH}
          hint={`The ${VERIFICATION_CODE_LENGTH} digits from the email.`}
          className="tracking-[0.3em]"
          error={errors.code?.message}
          {...register("code")}
        />
        <FormAlert message={failure} />
        {resent ? <FormSuccess>{newCodeSent}</FormSuccess> : null}
        <SubmitButton pending={isSubmitting} label="Confirm email" pendingLabel="Confirming..." />
        <Button variant="secondary" disabled={resending} onClick={() => void onResend()}>
          {resending ? "Sending..." : "Send a new code"}
        </Button>
      </form>
      <AuthFooterLink question="Already confirmed?" to="/login">
        Sign in
      </AuthFooterLink>
    </div>
  );
}
