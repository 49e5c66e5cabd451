import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, Navigate } from "react-router";
import type { CompleteLoginResult, VerifyCredentialsResult } from "../../../shared/auth";
import { authMessages, tooManyLoginAttempts } from "../../../shared/auth-messages";
import { dashboardPathFor } from "../../../shared/departments";
import { EmailField, FormAlert, linkClass, mutedTextClass, PasswordField } from "../../components/form/form-fields";
import { lazyResolver, prefetchValidation } from "../../components/form/lazy-validation";
import { SubmitButton } from "../../components/ui/SubmitButton";
import { AuthHeader } from "../../features/auth/AuthScreen";
import { authApi } from "../../features/auth/api";
import { ConfirmLinkStep } from "../../features/auth/ConfirmLinkStep";
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
import { PasskeySignIn } from "../../features/auth/PasskeySignIn";
import { ProviderButtons } from "../../features/auth/ProviderButtons";
import { type ProviderReturn, providerReturnFrom } from "../../features/auth/provider-return";
import { SecondFactorStep } from "../../features/auth/SecondFactorStep";
import { useAuth } from "../../lib/session/AuthProvider";
import { useLocationState } from "../../lib/use-location-state";

// The schema (and zod with it) is loaded at the first check or the form's first focus, not with the screen.
const loadCredentialsSchema = () => import("../../../shared/auth").then((module) => module.credentialsSchema);

const accountScreens = ["/login", "/register", "/verify-email", "/forgot-password"];

/** The page a guard sent the user here from (docs/product.md#guards), when it is one of ours to go back to. */
function returnPathFrom(state: unknown): string | null {
  const from = (state as { from?: { pathname?: unknown; search?: unknown; hash?: unknown } } | null)?.from;
  if (typeof from?.pathname !== "string" || !from.pathname.startsWith("/") || from.pathname.startsWith("//")) return null;
  if (accountScreens.includes(from.pathname)) return null;
  const search = typeof from.search === "string" ? from.search : "";
  const hash = typeof from.hash === "string" ? from.hash : "";
  return `${from.pathname}${search}${hash}`;
}

/** docs/product.md#validation: the browser refuses a sign-in after 5 failures within 15 minutes. */
/** Where a new session lands: the two-step enrolment when it is required and off (before any return path), else back or home. */
const landingAfterSignIn = (session: CompleteLoginResult, returnPath: string | null) =>
  session.mfaEnrolmentRequired ? session.dashboard : (returnPath ?? session.dashboard);

function blockedFailure(): LoginFailure | null {
  const minutes = blockedForMinutes(readLoginAttempts(), Date.now());
  return minutes === null ? null : { message: tooManyLoginAttempts(minutes) };
}

/** Sign-in in two steps (docs/product.md#sign-in): check the credentials, then open the session with the one-time ticket. */
export default function LoginPage() {
  const { status, user, ended, isAuthenticated, signIn, restoreSession } = useAuth();
  const returnPath = returnPathFrom(useLocationState());
  const [landing, setLanding] = useState<string | null>(null);
  const [failure, setFailure] = useState<LoginFailure | null>(null);
  // Read after the first render: the server, which rendered it, cannot see this browser's failed attempts.
  useEffect(() => setFailure(blockedFailure()), []);
  const [secondStep, setSecondStep] = useState<{ userId: string; ticket: string } | null>(null);
  const [providerLink, setProviderLink] = useState<Extract<ProviderReturn, { kind: "confirm" }> | null>(null);
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: lazyResolver(loadCredentialsSchema), defaultValues: { email: "", password: "" } });
  // Both steps count towards the sign-in limits, and complete-login retries by itself (authApi): tried once here.
  const verifyCredentials = useMutation({
    mutationFn: ({ email, password }: { email: string; password: string }) => authApi.verifyCredentials(email, password),
    retry: false,
  });
  const completeLogin = useMutation({
    mutationFn: ({ userId, ticket, code }: { userId: string; ticket: string; code?: string }) =>
      authApi.completeLogin(userId, ticket, code),
    retry: false,
  });

  // Someone already signed in here (a reload, another tab) goes straight on once the session is restored.
  useEffect(() => {
    if (status === "remembered") void restoreSession();
  }, [status, restoreSession]);

  // Back from an identity provider: the fragment is read once and wiped from the address (it may hold a ticket).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, on arrival.
  useEffect(() => {
    const returned = providerReturnFrom(window.location.hash);
    if (!returned) return;
    window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
    if (returned.kind === "failed") setFailure({ message: returned.message });
    else if (returned.kind === "confirm") setProviderLink(returned);
    else void afterFirstFactor(returned);
  }, []);

  if (landing) return <Navigate to={landing} replace />;
  if (isAuthenticated && user) return <Navigate to={returnPath ?? dashboardPathFor(user)} replace />;

  const onSubmit = handleSubmit(async ({ email, password }) => {
    const blocked = blockedFailure();
    setFailure(blocked);
    if (blocked) return;

    let checked: VerifyCredentialsResult;
    try {
      checked = await verifyCredentials.mutateAsync({ email, password });
    } catch (error) {
      const result = credentialsFailure(error);
      if (result.counts) writeLoginAttempts(afterFailedAttempt(readLoginAttempts(), Date.now()));
      setFailure(result);
      return;
    }
    await afterFirstFactor(checked);
  });

  /** The password or an identity provider passed: the second factor when the account has one, else straight in. */
  async function afterFirstFactor(checked: { userId: string; ticket: string; mfaRequired: boolean }) {
    setProviderLink(null);
    if (checked.mfaRequired) {
      setFailure(null);
      setSecondStep({ userId: checked.userId, ticket: checked.ticket });
      return;
    }
    await finishSignIn(checked.userId, checked.ticket);
  }

  /** Step 2: opens the session with the one-time ticket (and the authenticator code when the account has one). */
  async function finishSignIn(userId: string, ticket: string, code?: string) {
    try {
      const session = await completeLogin.mutateAsync({ userId, ticket, code });
      clearLoginAttempts();
      setLanding(landingAfterSignIn(session, returnPath));
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

  if (providerLink) {
    return <ConfirmLinkStep pending={providerLink} onConfirmed={afterFirstFactor} onCancel={() => setProviderLink(null)} />;
  }

  const notice =
    ended === "deactivated"
      ? authMessages.accountDeactivated
      : ended === "expired"
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
      <ProviderButtons />
      <form
        method="post"
        noValidate
        onSubmit={onSubmit}
        onFocus={() => prefetchValidation(loadCredentialsSchema)}
        className="flex flex-col gap-5"
      >
        <EmailField label="Email" autoComplete="username webauthn" error={errors.email?.message} {...register("email")} />
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
        <PasskeySignIn
          onSignedIn={(session) => {
            clearLoginAttempts();
            setLanding(landingAfterSignIn(session, returnPath));
            signIn(session);
          }}
          onFailure={(message) => setFailure({ message })}
        />
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
