import { z } from "zod";
import { roles } from "../departments.js";
import { instant } from "./common.js";

/*
 * The answers of /api/auth: registration, sign-in (password, passkey, identity provider), sessions, two-step sign-in,
 * passkeys and linked identity providers.
 */

/** The session shape (docs/product.md#records): the account as the browser's session knows it, no secrets. */
export const sessionUser = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(roles),
  company: z.string(),
  phone: z.string(),
  location: z.string(),
  avatar: z.string().nullable(),
  isVerified: z.boolean(),
  lastLoginAt: instant.nullable(),
  createdAt: instant,
  department: z.string(),
  department_code: z.string().nullable(),
  /** Two-step sign-in with an authenticator app is on. */
  mfaEnabled: z.boolean(),
  /**
   * The IANA zone their times are written in; null until chosen (their browser's is taken at their first sign-in),
   * meanwhile Lagos time. Absent from a session remembered before zones were kept.
   */
  timeZone: z.string().nullable().optional(),
});
export type SessionUser = z.output<typeof sessionUser>;

/** POST /api/auth/register: the account just created, waiting for its address to be confirmed. */
export const registrationResult = z.object({
  userId: z.string(),
  email: z.string(),
  role: z.enum(roles),
  /** A staff account waits for an admin's (or HR's) approval before it can sign in. */
  requiresApproval: z.boolean(),
});

/** POST /api/auth/verify-otp: the address is confirmed; whether the account still waits for approval. */
export const emailVerification = z.object({ verified: z.boolean(), requiresApproval: z.boolean() });

/** The first step of a sign-in passed: the ticket the second step (complete-login) takes. */
export const verifyCredentialsResult = z.object({
  success: z.literal(true),
  userId: z.string(),
  department: z.string(),
  ticket: z.string(),
  /** The account has two-step sign-in on: complete-login needs a code. */
  mfaRequired: z.boolean(),
});
export type VerifyCredentialsResult = z.output<typeof verifyCredentialsResult>;

/**
 * A signed-in session. The refresh token is in the answer only for API clients (REFRESH_TOKEN_IN_BODY_HEADER at
 * sign-in, or a token sent in the body at refresh); browsers get it only in the httpOnly cookie, out of page scripts' reach.
 */
export const completeLoginResult = z.object({
  user: sessionUser,
  /** Where to land: the person's dashboard, or the two-step enrolment when the admin requires it and it is off. */
  dashboard: z.string(),
  accessToken: z.string(),
  refreshToken: z.string().optional(),
  /** Two-step sign-in is required for this role (the security settings) and the account has none yet. */
  mfaEnrolmentRequired: z.boolean().optional(),
});
export type CompleteLoginResult = z.output<typeof completeLoginResult>;

/** A refreshed session: its new tokens and the account as it is now. */
export const refreshedSession = completeLoginResult.omit({ dashboard: true });

/** POST /api/auth/reset-password: the ticket with which the person reviews their account's ways of signing in. */
export const signInMethodsReview = z.object({ userId: z.string(), reviewTicket: z.string() });

/** POST /api/auth/mfa/enroll: the authenticator app's secret, as text, as an otpauth:// URI and as a QR code (SVG). */
export const mfaEnrolment = z.object({ secret: z.string(), otpauthUri: z.string(), qrCodeSvg: z.string() });

/** Two-step sign-in's recovery codes, shown once: each works once. */
export const recoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });

/** An identity provider as the sign-in screens show it: 'Continue with {name}'. */
export const identityProviderSummary = z.object({ id: z.string(), name: z.string() });
export type IdentityProviderSummary = z.output<typeof identityProviderSummary>;

/** GET /api/auth/oidc/providers. */
export const identityProviders = z.object({ providers: z.array(identityProviderSummary) });

/** One provider identity linked to the caller's account (settings). */
export const linkedIdentity = z.object({
  provider: z.string(),
  name: z.string(),
  email: z.string(),
  linkedAt: instant,
  lastUsedAt: instant.nullable(),
});
export type LinkedIdentity = z.output<typeof linkedIdentity>;

/** GET /api/auth/identities: what settings shows under "Sign-in methods". */
export const signInMethods = z.object({
  identities: z.array(linkedIdentity),
  providers: z.array(identityProviderSummary),
  hasPassword: z.boolean(),
});
export type SignInMethods = z.output<typeof signInMethods>;

/** POST /api/auth/oidc/{provider}/link: the provider's sign-in page, where the browser goes next. */
export const providerRedirect = z.object({ url: z.string() });

/** A passkey as settings lists it. */
export const passkeySummary = z.object({ id: z.string(), name: z.string(), createdAt: instant, lastUsedAt: instant.nullable() });
export type PasskeySummary = z.output<typeof passkeySummary>;

/** GET /api/auth/passkeys. */
export const passkeyList = z.object({ passkeys: z.array(passkeySummary) });

const publicKeyCredentialHint = z.enum(["hybrid", "security-key", "client-device"]);
/** The WebAuthn client extensions asked for (adding a passkey asks for credProps). */
const clientExtensionInputs = z.object({
  appid: z.string().optional(),
  credProps: z.boolean().optional(),
  hmacCreateSecret: z.boolean().optional(),
  minPinLength: z.boolean().optional(),
});

/** A credential named to the browser: one to leave out (adding) or one that may answer (step-up). */
const credentialDescriptor = z.object({
  id: z.string(),
  /** "public-key", the one type WebAuthn has. */
  type: z.string(),
  /** As the passkey reported them when added (usb, nfc, internal...). */
  transports: z.array(z.string()).optional(),
});

/** The options for navigator.credentials.create() (PublicKeyCredentialCreationOptionsJSON of @simplewebauthn). */
export const passkeyCreationOptions = z.object({
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  challenge: z.string(),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.literal("public-key") })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(credentialDescriptor).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(["cross-platform", "platform"]).optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: z.enum(["discouraged", "preferred", "required"]).optional(),
      userVerification: z.enum(["discouraged", "preferred", "required"]).optional(),
    })
    .optional(),
  hints: z.array(publicKeyCredentialHint).optional(),
  attestation: z.enum(["direct", "enterprise", "indirect", "none"]).optional(),
  attestationFormats: z.array(z.enum(["fido-u2f", "packed", "android-safetynet", "android-key", "tpm", "apple", "none"])).optional(),
  extensions: clientExtensionInputs.optional(),
});

/** The options for navigator.credentials.get() (PublicKeyCredentialRequestOptionsJSON of @simplewebauthn). */
export const passkeyRequestOptions = z.object({
  challenge: z.string(),
  timeout: z.number().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(credentialDescriptor).optional(),
  userVerification: z.enum(["discouraged", "preferred", "required"]).optional(),
  hints: z.array(publicKeyCredentialHint).optional(),
  extensions: clientExtensionInputs.optional(),
});
