import "@fastify/cookie";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import {
  changePasswordSchema,
  completeLoginSchema,
  credentialsSchema,
  emailOnlySchema,
  mfaCodeSchema,
  profileSchema,
  refreshSchema,
  registrationSchema,
  resetPasswordSchema,
  resetRequestedMessage,
  VERIFICATION_CODE_LENGTH,
  verifyEmailSchema,
} from "../../../shared/auth.js";
import { currentUser } from "../../platform/authenticate.js";
import { ApiError, ok, parseInput } from "../../platform/envelope.js";
import { perAddressLimit } from "../../platform/rate-limit.js";
import type { RequestOrigin } from "../../platform/security-log.js";
import type { MfaService } from "./mfa.js";
import { type AuthService, SESSION_MAX_HOURS, toSessionUser } from "./service.js";

export const REFRESH_COOKIE = "cb_refresh";

const userMetadataSchema = z.object({
  first_name: profileSchema.shape.firstName,
  last_name: profileSchema.shape.lastName,
  phone: profileSchema.shape.phone,
  location: profileSchema.shape.location,
  company: profileSchema.shape.company,
});

const originOf = (request: FastifyRequest): RequestOrigin => ({ ipAddress: request.ip, userAgent: request.headers["user-agent"] ?? null });

type Options = {
  auth: AuthService;
  mfa: MfaService;
  requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  secureCookies: boolean;
};

/** SPEC §7 /auth endpoints. The refresh token travels in an httpOnly cookie, or in the body for API clients. */
export async function authRoutes(app: FastifyInstance, { auth, mfa, requireUser, secureCookies }: Options) {
  const setRefreshCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(REFRESH_COOKIE, token, {
      httpOnly: true,
      sameSite: "strict",
      secure: secureCookies,
      path: "/api/auth",
      maxAge: SESSION_MAX_HOURS * 3600,
    });

  app.post("/auth/register", { config: perAddressLimit(10, 60) }, async (request, reply) => {
    const input = parseInput(registrationSchema, request.body);
    const result = await auth.register(input, originOf(request));
    return reply
      .status(201)
      .send(
        ok(result, `Account created. We have emailed a ${VERIFICATION_CODE_LENGTH}-digit code to ${result.email} to confirm your address.`),
      );
  });

  app.post("/auth/verify-otp", { config: perAddressLimit(10, 15) }, async (request) => {
    const { email, code } = parseInput(verifyEmailSchema, request.body);
    return ok(await auth.verifyEmail(email, code, originOf(request)), "Your email address is confirmed.");
  });

  app.post("/auth/resend-verification", { config: perAddressLimit(5, 15) }, async (request) => {
    const { email } = parseInput(emailOnlySchema, request.body);
    await auth.resendVerification(email);
    return ok(null, "If that address has an unconfirmed account, a new code is on its way.");
  });

  app.post("/auth/verify-credentials", async (request) => {
    const { email, password } = parseInput(credentialsSchema, request.body);
    return ok(await auth.verifyCredentials(email, password, originOf(request)));
  });

  app.post("/auth/complete-login", async (request, reply) => {
    const { userId, ticket, code } = parseInput(completeLoginSchema, request.body);
    const result = await auth.completeLogin(userId, ticket, code, originOf(request));
    setRefreshCookie(reply, result.refreshToken);
    return ok(result);
  });

  /** Both steps in one call, for API clients. */
  app.post("/auth/login", async (request, reply) => {
    const { email, password, code } = parseInput(credentialsSchema.extend({ code: mfaCodeSchema.shape.code.optional() }), request.body);
    const checked = await auth.verifyCredentials(email, password, originOf(request));
    const result = await auth.completeLogin(checked.userId, checked.ticket, code, originOf(request));
    setRefreshCookie(reply, result.refreshToken);
    return ok(result);
  });

  app.post("/auth/refresh", async (request, reply) => {
    const body = parseInput(refreshSchema, request.body);
    const token = body.refreshToken ?? request.cookies[REFRESH_COOKIE];
    if (!token) throw new ApiError(401, "Your session has expired. Please sign in again.", "session_expired");
    try {
      const result = await auth.refresh(token, originOf(request));
      setRefreshCookie(reply, result.refreshToken);
      return ok(result);
    } catch (error) {
      reply.clearCookie(REFRESH_COOKIE, { path: "/api/auth" });
      throw error;
    }
  });

  app.post("/auth/logout", async (request, reply) => {
    const body = parseInput(refreshSchema, request.body);
    await auth.logout(body.refreshToken ?? request.cookies[REFRESH_COOKIE], originOf(request));
    reply.clearCookie(REFRESH_COOKIE, { path: "/api/auth" });
    return ok(null, "Signed out.");
  });

  app.post("/auth/forgot-password", { config: perAddressLimit(5, 15) }, async (request) => {
    const { email } = parseInput(emailOnlySchema, request.body);
    await auth.requestPasswordReset(email, originOf(request));
    return ok(null, resetRequestedMessage);
  });

  app.post("/auth/reset-password", { config: perAddressLimit(10, 15) }, async (request) => {
    const { email, code, newPassword } = parseInput(resetPasswordSchema, request.body);
    await auth.resetPassword(email, code, newPassword, originOf(request));
    return ok(null, "Your password has been reset. Please sign in with your new password.");
  });

  app.post("/auth/change-password", { preHandler: requireUser }, async (request) => {
    const { currentPassword, newPassword } = parseInput(changePasswordSchema, request.body);
    const caller = currentUser(request);
    await auth.changePassword(caller.userId, caller.sessionId, currentPassword, newPassword, originOf(request));
    return ok(null, "Your password has been changed. Other devices have been signed out.");
  });

  app.post("/auth/mfa/enroll", { preHandler: requireUser }, async (request) => ok(await mfa.enroll(currentUser(request).userId)));

  app.post("/auth/mfa/verify", { preHandler: requireUser, config: perAddressLimit(10, 15) }, async (request) => {
    const { code } = parseInput(mfaCodeSchema, request.body);
    const result = await mfa.confirm(currentUser(request).userId, code, originOf(request));
    return ok(result, "Two-step sign-in is on. Keep your recovery codes somewhere safe: each works once.");
  });

  app.post("/auth/mfa/unenroll", { preHandler: requireUser, config: perAddressLimit(10, 15) }, async (request) => {
    const { code } = parseInput(mfaCodeSchema, request.body);
    await mfa.unenroll(currentUser(request).userId, code, originOf(request));
    return ok(null, "Two-step sign-in is off.");
  });

  app.get("/auth/profile", { preHandler: requireUser }, async (request) => {
    const user = await auth.findUser(currentUser(request).userId);
    if (!user) throw new ApiError(404, "Account not found.", "not_found");
    return ok(toSessionUser(user));
  });

  app.put("/auth/profile", { preHandler: requireUser }, async (request) => {
    const changes = parseInput(profileSchema, request.body);
    return ok(await auth.updateProfile(currentUser(request).userId, changes), "Profile saved.");
  });

  /** The hosted auth service's "update user metadata" (SPEC §7), with its snake_case names. */
  app.put("/auth/update-user", { preHandler: requireUser }, async (request) => {
    const metadata = parseInput(userMetadataSchema, request.body);
    const changes = {
      firstName: metadata.first_name,
      lastName: metadata.last_name,
      phone: metadata.phone,
      location: metadata.location,
      company: metadata.company,
    };
    return ok(await auth.updateProfile(currentUser(request).userId, changes), "Profile saved.");
  });
}
