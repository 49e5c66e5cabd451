import "@fastify/cookie";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { mfaPasswordSchema, mfaTurnOffSchema } from "../../../shared/account.js";
import {
  completeLoginResult,
  emailVerification,
  mfaEnrolment,
  recoveryCodes,
  refreshedSession,
  registrationResult,
  signInMethodsReview,
  verifyCredentialsResult,
} from "../../../shared/answers/auth.js";
import {
  authMessages,
  changePasswordSchema,
  completeLoginSchema,
  credentialsSchema,
  emailOnlySchema,
  mfaCodeSchema,
  refreshSchema,
  registrationSchema,
  resetPasswordSchema,
  resetRequestedMessage,
  SIGN_IN_LIMITS,
  SIGN_IN_REQUESTS_PER_ADDRESS,
  VERIFICATION_CODE_LENGTH,
  verifyEmailSchema,
} from "../../../shared/auth.js";
import { stepUpSchema } from "../../../shared/step-up.js";
import { emptyEnvelope, envelope } from "../../platform/api-schemas.js";
import { allowedBeforeMfaEnrolment, currentUser } from "../../platform/authenticate.js";
import { ApiError, ok } from "../../platform/envelope.js";
import { perAddressLimit } from "../../platform/rate-limit.js";
import type { RequestOrigin } from "../../platform/security-log.js";
import type { MfaService } from "./mfa.js";
import { clearSessionCookies, REFRESH_COOKIE, setSessionCookies, wantsTokenInBody, withoutRefreshToken } from "./refresh-cookie.js";
import type { AuthService } from "./service.js";
import type { StepUp } from "./step-up.js";

export { clearSessionCookies, REFRESH_COOKIE };

/**
 * Runs work once the answer has gone: the account lookup, the code and its mail happen only then, so the answer takes
 * the same time whether or not the address has an account. A failure is logged (the mail stays in the outbox).
 */
function afterAnswering(request: FastifyRequest, reply: FastifyReply, work: () => Promise<void>) {
  reply.raw.once("finish", () => {
    work().catch((error: unknown) => request.log.error({ err: error }, "work after answering failed"));
  });
}

/**
 * Each way of signing in answers this many requests per address in the sign-in window, then refuses before anything
 * is counted or stored: a flood writes one refusal to the log, not a row per request.
 */
const signInLimit = perAddressLimit(SIGN_IN_REQUESTS_PER_ADDRESS, SIGN_IN_LIMITS.windowMinutes);

/** POST /api/auth/login: both sign-in steps in one body. */
const loginSchema = credentialsSchema.extend({ code: mfaCodeSchema.shape.code.optional() });

const originOf = (request: FastifyRequest): RequestOrigin => ({ ipAddress: request.ip, userAgent: request.headers["user-agent"] ?? null });

type Options = {
  auth: AuthService;
  mfa: MfaService;
  stepUp: StepUp;
  requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  secureCookies: boolean;
  /** Whether a refused refresh token's account is blocked (then the answer says 'Account is deactivated'). */
  isBlockedSession: (refreshToken: string) => Promise<boolean>;
};

/** docs/api.md#accounts-apiauth /auth endpoints. The refresh token travels in an httpOnly cookie, or in the body for API clients. */
export async function authRoutes(app: FastifyInstance, { auth, mfa, stepUp, requireUser, secureCookies, isBlockedSession }: Options) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    "/auth/register",
    {
      config: perAddressLimit(10, 60),
      schema: {
        description:
          "`{ firstName, lastName, email, phone?, location?, company?, department?, isStaff?, password, confirmPassword }` → 201 `{ userId, email, role, requiresApproval }`; emails a 6-digit code. Staff need `department`, get a code such as `PR48213` and wait for an admin's approval",
        summary: "Create an account and email a code to confirm its address",
        body: registrationSchema,
        response: { 201: envelope(registrationResult) },
      },
    },
    async (request, reply) => {
      const input = request.body;
      const result = await auth.register(input, originOf(request));
      return reply
        .status(201)
        .send(
          ok(
            result,
            `Account created. We have emailed a ${VERIFICATION_CODE_LENGTH}-digit code to ${result.email} to confirm your address.`,
          ),
        );
    },
  );

  routes.post(
    "/auth/verify-otp",
    {
      config: perAddressLimit(10, 15),
      schema: {
        description: "`{ email, code }` → `{ verified, requiresApproval }`",
        summary: "Confirm an account's email address with the emailed code",
        body: verifyEmailSchema,
        response: { 200: envelope(emailVerification) },
      },
    },
    async (request) => {
      const { email, code } = request.body;
      return ok(await auth.verifyEmail(email, code, originOf(request)), "Your email address is confirmed.");
    },
  );

  routes.post(
    "/auth/resend-verification",
    {
      config: perAddressLimit(5, 15),
      schema: {
        description:
          "`{ email }` → same answer, in the same time, whether or not the address has an account (the mail goes after the answer)",
        summary: "Email a new code to confirm an address",
        body: emailOnlySchema,
        response: { 200: emptyEnvelope },
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      afterAnswering(request, reply, () => auth.resendVerification(email));
      return ok(null, "If that address has an unconfirmed account, a new code is on its way.");
    },
  );

  routes.post(
    "/auth/verify-credentials",
    {
      config: signInLimit,
      schema: {
        description:
          "`{ email, password }` → `{ success, userId, department, ticket, mfaRequired }`; the ticket is single-use and lasts 2 minutes. 401 `Invalid credentials` / `Account is deactivated`, 403 unconfirmed email or pending approval, 429 'Too many login attempts. Please try again in {n} minutes.' with `Retry-After` (the limits in [docs/security.md](security.md))",
        summary: "Sign in, first step: check the email and password, get a ticket",
        body: credentialsSchema,
        response: { 200: envelope(verifyCredentialsResult) },
      },
    },
    async (request) => {
      const { email, password } = request.body;
      return ok(await auth.verifyCredentials(email, password, originOf(request)));
    },
  );

  routes.post(
    "/auth/complete-login",
    {
      config: signInLimit,
      schema: {
        description:
          "`{ userId, ticket }` → `{ user, dashboard, accessToken, mfaEnrolmentRequired }` (+ `refreshToken` with `X-Refresh-Token-Delivery: body`); an optional `timeZone` (the browser's) is kept only when the account has none yet",
        summary: "Sign in, second step: the ticket and any two-step code open a session",
        body: completeLoginSchema,
        response: { 200: envelope(completeLoginResult) },
      },
    },
    async (request, reply) => {
      const { userId, ticket, code, timeZone } = request.body;
      const result = await auth.completeLogin(userId, ticket, code, originOf(request), timeZone);
      setSessionCookies(reply, result, secureCookies);
      return ok(withoutRefreshToken(result, wantsTokenInBody(request)));
    },
  );

  /** Both steps in one call, for API clients. */
  routes.post(
    "/auth/login",
    {
      config: signInLimit,
      schema: {
        description: "`{ email, password }` → both steps at once",
        summary: "Sign in in one call: email, password and any two-step code",
        body: loginSchema,
        response: { 200: envelope(completeLoginResult) },
      },
    },
    async (request, reply) => {
      const { email, password, code } = request.body;
      const checked = await auth.verifyCredentials(email, password, originOf(request));
      const result = await auth.completeLogin(checked.userId, checked.ticket, code, originOf(request));
      setSessionCookies(reply, result, secureCookies);
      return ok(withoutRefreshToken(result, wantsTokenInBody(request)));
    },
  );

  routes.post(
    "/auth/refresh",
    {
      schema: {
        description:
          "`{ refreshToken? }` (or the cookie) → `{ accessToken, user, mfaEnrolmentRequired }` (+ `refreshToken` when it came in the body)",
        summary: "Exchange the refresh token (cookie or body) for new tokens",
        body: refreshSchema,
        response: { 200: envelope(refreshedSession) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const token = body.refreshToken ?? request.cookies[REFRESH_COOKIE];
      if (!token) throw new ApiError(401, "Your session has expired. Please sign in again.", "session_expired");
      try {
        const result = await auth.refresh(token, originOf(request));
        setSessionCookies(reply, result, secureCookies);
        // A client that sent the token in the body keeps it itself; a cookie's owner gets it only in the cookie.
        return ok(withoutRefreshToken(result, body.refreshToken !== undefined));
      } catch (error) {
        clearSessionCookies(reply);
        if (error instanceof ApiError && error.status === 401 && (await isBlockedSession(token)))
          throw new ApiError(401, authMessages.accountDeactivated, "account_deactivated");
        throw error;
      }
    },
  );

  routes.post(
    "/auth/logout",
    {
      schema: {
        description: "`{ refreshToken? }` (or the cookie)",
        summary: "Sign out: end the session of the refresh token (cookie or body)",
        body: refreshSchema,
        response: { 200: emptyEnvelope },
      },
    },
    async (request, reply) => {
      const body = request.body;
      await auth.logout(body.refreshToken ?? request.cookies[REFRESH_COOKIE], originOf(request));
      clearSessionCookies(reply);
      return ok(null, "Signed out.");
    },
  );

  routes.post(
    "/auth/forgot-password",
    {
      config: perAddressLimit(5, 15),
      schema: {
        description:
          "`{ email }` → same answer, in the same time, for any address; the 6-digit code (valid 15 minutes) is emailed after the answer",
        summary: "Email a password reset code, if the address has an account",
        body: emailOnlySchema,
        response: { 200: emptyEnvelope },
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      afterAnswering(request, reply, () => auth.requestPasswordReset(email, originOf(request)));
      return ok(null, resetRequestedMessage);
    },
  );

  routes.post(
    "/auth/reset-password",
    {
      config: perAddressLimit(10, 15),
      schema: {
        description:
          "`{ email, code, newPassword }` → `{ userId, reviewTicket }`; signs the account out everywhere; the ticket (15 minutes) lists and removes the account's passkeys and providers through `POST /api/auth/sign-in-methods/review` and `/remove`",
        summary: "Set a new password with the emailed reset code",
        body: resetPasswordSchema,
        response: { 200: envelope(signInMethodsReview) },
      },
    },
    async (request) => {
      const { email, code, newPassword } = request.body;
      const review = await auth.resetPassword(email, code, newPassword, originOf(request));
      return ok(review, "Your password has been reset. Please sign in with your new password.");
    },
  );

  routes.post(
    "/auth/change-password",
    {
      preValidation: requireUser,
      schema: {
        description:
          "Bearer; `{ currentPassword, newPassword }`; other sessions end; a wrong current password counts like a failed sign-in (429 after 5)",
        summary: "Change the caller's password; other devices are signed out",
        body: changePasswordSchema,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      const { currentPassword, newPassword } = request.body;
      const caller = currentUser(request);
      await auth.changePassword(caller.userId, caller.sessionId, currentPassword, newPassword, originOf(request));
      return ok(null, "Your password has been changed. Other devices have been signed out.");
    },
  );

  routes.post(
    "/auth/mfa/enroll",
    {
      preValidation: requireUser,
      config: allowedBeforeMfaEnrolment,
      schema: {
        description: "Bearer; `{ password }` (the current one) → `{ secret, otpauthUri, qrCodeSvg }` (two-step sign-in starts pending)",
        summary: "Start turning two-step sign-in on: the authenticator app's secret",
        body: mfaPasswordSchema,
        response: { 200: envelope(mfaEnrolment) },
      },
    },
    async (request) => {
      const { password } = request.body;
      return ok(await mfa.enroll(currentUser(request).userId, password, originOf(request)));
    },
  );

  routes.post(
    "/auth/mfa/recovery-codes",
    {
      preValidation: requireUser,
      schema: {
        description: "Bearer; the step-up proof (`{ password, code }`) → `{ recoveryCodes }`: 10 new ones, the old ones stop working",
        summary: "Replace the caller's recovery codes (step-up proof needed)",
        body: stepUpSchema,
        response: { 200: envelope(recoveryCodes) },
      },
    },
    async (request) => {
      const proof = request.body;
      const caller = currentUser(request);
      await stepUp.prove(caller, proof, "mfa_recovery_codes_replaced", originOf(request));
      const result = await mfa.regenerateRecoveryCodes(caller.userId, originOf(request));
      return ok(result, "New recovery codes are ready; the old ones no longer work. Keep these somewhere safe: each works once.");
    },
  );

  routes.post(
    "/auth/mfa/verify",
    {
      preValidation: requireUser,
      config: { ...perAddressLimit(10, 15), ...allowedBeforeMfaEnrolment },
      schema: {
        description: "Bearer; `{ code }` from the authenticator app → `{ recoveryCodes }` (10, each works once)",
        summary: "Turn two-step sign-in on with a first code from the app",
        body: mfaCodeSchema,
        response: { 200: envelope(recoveryCodes) },
      },
    },
    async (request) => {
      const { code } = request.body;
      const result = await mfa.confirm(currentUser(request).userId, code, originOf(request));
      return ok(result, "Two-step sign-in is on. Keep your recovery codes somewhere safe: each works once.");
    },
  );

  routes.post(
    "/auth/mfa/unenroll",
    {
      preValidation: requireUser,
      config: perAddressLimit(10, 15),
      schema: {
        description: "Bearer; `{ password, code }` (the current password and an app or recovery code)",
        summary: "Turn two-step sign-in off with the password and a code",
        body: mfaTurnOffSchema,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      const { password, code } = request.body;
      await mfa.unenroll(currentUser(request).userId, password, code, originOf(request));
      return ok(null, "Two-step sign-in is off.");
    },
  );
}
