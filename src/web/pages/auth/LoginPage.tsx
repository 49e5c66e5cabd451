import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, Navigate, useLocation } from "react-router";
import { authMessages, credentialsSchema, tooManyLoginAttemptsBrowser, type VerifyCredentialsResult } from "../../../shared/auth";
import { dashboardPathFor } from "../../../shared/departments";
import { EmailField, FormAlert, linkClass, mutedTextClass, PasswordField, SubmitButton } from "../../components/form/form-fields";
import { useAuth } from "../../features/auth/AuthProvider";
import { AuthHeader } from "../../features/auth/AuthScreen";
import { authApi } from "../../features/auth/api";
import {
  afterFailedAttempt,
  blockedForMinutes,
  clearLoginAttempts,
  readLoginAttempts,
  writeLoginAttempts,
} from "../../features/auth/login-attempts";
import {
  completeLoginFailure,
  credentialsFailure,
  isExpiredTicket,
  isWrongSecondFactor,
  type LoginFailure,
} from "../../features/auth/login-messages";
import { SecondFactorStep } from "../../features/auth/SecondFactorStep";
import { zodResolver } from "../../lib/form-resolver";

const accountScreens = ["/login", "/register", "/verify-email", "/forgot-password"];

/** The page a guard sent the user here from (SPEC §2), when it is one of ours to go back to. */
function returnPathFrom(state: unknown): string | null {
  const from = (state as { from?: { pathname?: unknown; search?: unknown; hash?: unknown } } | null)?.from;
  if (typeof from?.pathname !== "string" || !from.pathname.startsWith("/") || from.pathname.startsWith("//")) return null;
  if (accountScreens.includes(from.pathname)) return null;
  const search = typeof from.search === "string" ? from.search : "";
  const hash = typeof from.hash === "string" ? from.hash : "";
  return `${from.pathname}${search}${hash}`;
}

/** SPEC §5: the browser refuses a sign-in after 5 failures within 15 minutes. */
function blockedFailure(): LoginFailure | null {
  const minutes = blockedForMinutes(readLoginAttempts(), Date.now());
  return minutes === null ? null : { message: tooManyLoginAttemptsBrowser(minutes) };
}

/** SPEC §4 sign-in in two steps: check the credentials, then open the session with the one-time ticket. */
export default function LoginPage() {
  const { status, user, ended, isAuthenticated, signIn, restoreSession } = useAuth();
  const location = useLocation();
  const returnPath = returnPathFrom(location.state);
  const [landing, setLanding] = useState<string | null>(null);
  const [failure, setFailure] = useState<LoginFailure | null>(blockedFailure);
  const [secondStep, setSecondStep] = useState<{ userId: string; ticket: string } | null>(null);
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(credentialsSchema), defaultValues: { email: "", password: "" } });

  // Someone already signed in here (a reload, another tab) goes straight on once the session is restored.
  useEffect(() => {
    if (status === "remembered") void restoreSession();
  }, [status, restoreSession]);

  if (landing) return <Navigate to={landing} replace />;
  if (isAuthenticated && user) return <Navigate to={returnPath ?? dashboardPathFor(user)} replace />;

  const onSubmit = handleSubmit(async ({ email, password }) => {
    const blocked = blockedFailure();
    setFailure(blocked);
    if (blocked) return;

    let checked: VerifyCredentialsResult;
    try {
      checked = await authApi.verifyCredentials(email, password);
    } catch (error) {
      const result = credentialsFailure(error);
      if (result.counts) writeLoginAttempts(afterFailedAttempt(readLoginAttempts(), Date.now()));
      setFailure(result);
      return;
    }
    if (checked.mfaRequired) {
      setFailure(null);
      setSecondStep({ userId: checked.userId, ticket: checked.ticket });
      return;
    }
    await finishSignIn(checked.userId, checked.ticket);
  });

  /** Step 2: opens the session with the one-time ticket (and the authenticator code when the account has one). */
  async function finishSignIn(userId: string, ticket: string, code?: string) {
    try {
      const session = await authApi.completeLogin(userId, ticket, code);
      clearLoginAttempts();
      setLanding(returnPath ?? session.dashboard);
      signIn(session);
    } catch (error) {
      const message = completeLoginFailure(error);
      // An expired or used ticket means starting again from the password.
      if (isExpiredTicket(error)) setSecondStep(null);
      else if (isWrongSecondFactor(error)) writeLoginAttempts(afterFailedAttempt(readLoginAttempts(), Date.now()));
      setFailure({ message });
    }
  }

  if (secondStep) {
    return (
      <SecondFactorStep
        failure={failure?.message ?? null}
        onSubmit={(code) => finishSignIn(secondStep.userId, secondStep.ticket, code)}
        onCancel={() => {
          setSecondStep(null);
          setFailure(null);
        }}
      />
    );
  }

  const notice =
    ended === "expired"
      ? authMessages.sessionExpired
      : ended === "signed-out"
        ? "You have signed out."
        : returnPath
          ? "Please sign in to continue."
          : null;

  return (
    <div className="flex flex-col gap-6">
      <AuthHeader title="Sign in">Follow your projects and talk to your Crestbuild team.</AuthHeader>
      {notice && !failure ? (
        <p
          role="status"
          className="rounded-md border border-neutral-light bg-neutral-light/30 p-3 dark:border-brand-700 dark:bg-brand-700/40"
        >
          {notice}
        </p>
      ) : null}
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        <EmailField label="Email" autoComplete="username" error={errors.email?.message} {...register("email")} />
        <PasswordField purpose="current" label="Password" error={errors.password?.message} {...register("password")} />
        <FormAlert message={failure?.message}>
          {failure?.unverifiedEmail ? (
            <p className="mt-2">
              <Link
                className="font-semibold underline underline-offset-2"
                to={`/verify-email?email=${encodeURIComponent(getValues("email"))}`}
              >
                Enter your confirmation code
              </Link>
            </p>
          ) : null}
        </FormAlert>
        <SubmitButton pending={isSubmitting} label="Sign in" pendingLabel="Signing in..." />
      </form>
      <div className="flex flex-col gap-3 text-center">
        <Link to="/forgot-password" className={linkClass}>
          Forgot your password?
        </Link>
        <p className={mutedTextClass}>
          New to Crestbuild?{" "}
          <Link to="/register" className={linkClass}>
            Create an account
          </Link>
        </p>
      </div>
    </div>
  );
}
