import type { VerifyCredentialsResult } from "../../../../shared/auth.js";
import { GENERAL_USERS } from "../../../../shared/departments.js";
import { type IdentityFailure, identityMessages, type SignInMethods } from "../../../../shared/identities.js";
import type { AppDb } from "../../../db/client.js";
import { users } from "../../../db/schema.js";
import { ApiError } from "../../../platform/envelope.js";
import { type RequestOrigin, recordSecurityEvent } from "../../../platform/security-log.js";
import { readSetting } from "../../../platform/settings.js";
import { findUserByEmail, findUserById, type UserRow } from "../accounts.js";
import { hashPassword } from "../passwords.js";
import { randomToken } from "../secrets.js";
import { createOidcFlows } from "./flows.js";
import { createIdentities } from "./identities.js";
import type { OidcProviders, ProviderIdentity } from "./providers.js";

/** The library's reason for refusing a provider's answer, with the check underneath (e.g. which ID token claim), for the log. */
function whyRefused(error: unknown): string {
  if (!(error instanceof Error)) return "token exchange failed";
  const underneath = error.cause instanceof Error ? `: ${error.cause.message}` : "";
  return `${error.message}${underneath}`.slice(0, 300);
}

/** Where a provider round trip ends (the callback turns it into a redirect to one of our pages). */
export type CallbackOutcome =
  | { kind: "signed_in"; ticket: VerifyCredentialsResult }
  | { kind: "confirm_password"; token: string; email: string; provider: string }
  | { kind: "linked"; provider: string }
  | { kind: "failed"; failure: IdentityFailure; linking: boolean };

type Deps = {
  db: AppDb;
  providers: OidcProviders;
  /** The password sign-in's first step (lockout, blocked, unconfirmed and pending accounts checked there). */
  verifyCredentials: (email: string, password: string, origin: RequestOrigin) => Promise<VerifyCredentialsResult>;
  issueLoginTicket: (user: UserRow) => Promise<VerifyCredentialsResult>;
};

/**
 * Sign-in with an identity provider (OpenID Connect, authorization code with PKCE): the provider vouches for the
 * first factor only, and the sign-in continues through complete-login like a password sign-in (two-step included).
 */
export function createOidcSignIn({ db, providers, verifyCredentials, issueLoginTicket }: Deps) {
  const flows = createOidcFlows(db);
  const identities = createIdentities(db);

  const providerOrThrow = (id: string) => {
    const provider = providers.find(id);
    if (!provider) throw new ApiError(404, identityMessages.providerUnavailable, "unknown_provider");
    return provider;
  };

  /** The first factor passed through the provider; the account's own state still decides. */
  async function ticketFor(user: UserRow, origin: RequestOrigin, provider: string): Promise<CallbackOutcome> {
    const refuse = async (failure: IdentityFailure): Promise<CallbackOutcome> => {
      await recordSecurityEvent(
        db,
        { type: "sign_in", outcome: "failure", reason: `${provider}: ${failure}`, userId: user.id, email: user.email },
        origin,
      );
      return { kind: "failed", failure, linking: false };
    };
    if (!user.active) return refuse("accountDeactivated");
    if (!user.approvedAt) return refuse("pendingApproval");
    await recordSecurityEvent(
      db,
      { type: "identity_sign_in", outcome: "success", reason: provider, userId: user.id, email: user.email },
      origin,
    );
    return { kind: "signed_in", ticket: await issueLoginTicket(user) };
  }

  /** docs/product.md#roles-and-permissions: a first sign-in opens a client account, its email confirmed by the provider. */
  async function openClientAccount(identity: ProviderIdentity & { email: string }): Promise<UserRow | null> {
    const [user] = await db
      .insert(users)
      .values({
        email: identity.email,
        firstName: identity.firstName || identity.email.split("@")[0] || "Client",
        lastName: identity.lastName,
        department: GENERAL_USERS,
        role: "user",
        approvedAt: new Date(),
        emailVerifiedAt: new Date(),
        // Nobody knows this password; a reset gives the account one.
        passwordHash: await hashPassword(randomToken()),
        hasPassword: false,
      })
      .onConflictDoNothing()
      .returning();
    return user ?? null;
  }

  async function signIn(providerId: string, identity: ProviderIdentity, origin: RequestOrigin): Promise<CallbackOutcome> {
    const linked = await identities.findBySubject(providerId, identity.subject);
    if (linked) {
      const user = await findUserById(db, linked.userId);
      if (!user) return { kind: "failed", failure: "signInFailed", linking: false };
      await identities.markUsed(linked.id);
      return ticketFor(user, origin, providerId);
    }
    if (!identity.email || !identity.emailVerified) return { kind: "failed", failure: "emailNotVerified", linking: false };
    const existing = await findUserByEmail(db, identity.email);
    if (!existing) {
      if (!(await readSetting(db, "registration_enabled", true)))
        return { kind: "failed", failure: "registrationDisabled", linking: false };
      const created = await openClientAccount({ ...identity, email: identity.email });
      // Someone registered this address a moment ago: treat it as an existing account.
      if (created) {
        await recordSecurityEvent(
          db,
          { type: "registration", outcome: "success", reason: providerId, userId: created.id, email: created.email },
          origin,
        );
        await identities.link(created.id, providerId, identity.subject, identity.email);
        await recordSecurityEvent(
          db,
          { type: "identity_linked", outcome: "success", reason: providerId, userId: created.id, email: created.email },
          origin,
        );
        return ticketFor(created, origin, providerId);
      }
      return signIn(providerId, identity, origin);
    }
    // Never linked silently: staff and admins link from their settings; a client proves the account is theirs once.
    if (existing.role !== "user") return { kind: "failed", failure: "staffMustLinkFirst", linking: false };
    if (!existing.hasPassword) return { kind: "failed", failure: "noPasswordToConfirm", linking: false };
    const token = await flows.open({
      provider: providerId,
      purpose: "confirm_link",
      userId: existing.id,
      subject: identity.subject,
      email: identity.email,
    });
    return { kind: "confirm_password", token, email: existing.email, provider: providerOrThrow(providerId).name };
  }

  async function link(providerId: string, userId: string, identity: ProviderIdentity, origin: RequestOrigin): Promise<CallbackOutcome> {
    const user = await findUserById(db, userId);
    if (!user?.active) return { kind: "failed", failure: "accountDeactivated", linking: true };
    const email = identity.email ?? "";
    if (!(await identities.link(user.id, providerId, identity.subject, email))) {
      await recordSecurityEvent(
        db,
        {
          type: "identity_linked",
          outcome: "failure",
          reason: `${providerId}: already linked elsewhere`,
          userId: user.id,
          email: user.email,
        },
        origin,
      );
      return { kind: "failed", failure: "alreadyLinkedElsewhere", linking: true };
    }
    await recordSecurityEvent(
      db,
      { type: "identity_linked", outcome: "success", reason: providerId, userId: user.id, email: user.email },
      origin,
    );
    return { kind: "linked", provider: providerOrThrow(providerId).name };
  }

  return {
    providers: providers.list,

    /** The provider's sign-in page for this browser; `userId` when a signed-in user links the provider. */
    async start(providerId: string, userId: string | null) {
      const provider = providerOrThrow(providerId);
      let authorization: Awaited<ReturnType<OidcProviders["authorizationUrl"]>>;
      try {
        authorization = await providers.authorizationUrl(provider);
      } catch {
        throw new ApiError(503, identityMessages.providerUnavailable, "provider_unavailable");
      }
      const { state, nonce, codeVerifier } = authorization.checks;
      await flows.open({ provider: provider.id, purpose: userId ? "link" : "sign_in", userId, nonce, codeVerifier }, state);
      return { url: authorization.url, state };
    },

    /** The provider sent the browser back: the flow is used up whatever happens next. */
    async callback(
      providerId: string,
      query: URLSearchParams,
      browserState: string | undefined,
      origin: RequestOrigin,
    ): Promise<CallbackOutcome> {
      const provider = providers.find(providerId);
      const state = query.get("state") ?? "";
      const flow = provider && state ? await flows.consume(state, ["sign_in", "link"]) : null;
      const linking = flow?.purpose === "link";
      const failed = async (reason: string): Promise<CallbackOutcome> => {
        await recordSecurityEvent(
          db,
          { type: linking ? "identity_linked" : "sign_in", outcome: "failure", reason: `${providerId}: ${reason}`, userId: flow?.userId },
          origin,
        );
        return { kind: "failed", failure: "signInFailed", linking };
      };
      // The state must be the one this browser was given (login CSRF), of an open flow for this provider.
      if (!provider || !flow || flow.provider !== provider.id || browserState !== state) return failed("unknown or reused state");
      let identity: ProviderIdentity;
      try {
        identity = await providers.exchange(provider, query.toString(), {
          state,
          nonce: flow.nonce ?? "",
          codeVerifier: flow.codeVerifier ?? "",
        });
      } catch (error) {
        return failed(whyRefused(error));
      }
      return flow.userId ? link(provider.id, flow.userId, identity, origin) : signIn(provider.id, identity, origin);
    },

    /** The account's password, once, before a provider identity with its email is linked to it. */
    async confirmLink(token: string, password: string, origin: RequestOrigin): Promise<VerifyCredentialsResult> {
      const pending = await flows.find(token, "confirm_link");
      const user = pending?.userId ? await findUserById(db, pending.userId) : null;
      if (!pending || !user) throw new ApiError(410, identityMessages.linkExpired, "link_expired");
      // Lockout, wrong password, blocked account: all as the password sign-in answers them.
      const ticket = await verifyCredentials(user.email, password, origin);
      if (!(await flows.consume(token, ["confirm_link"]))) throw new ApiError(410, identityMessages.linkExpired, "link_expired");
      if (!(await identities.link(user.id, pending.provider, pending.subject ?? "", pending.email ?? user.email))) {
        throw new ApiError(409, identityMessages.alreadyLinkedElsewhere, "already_linked");
      }
      await recordSecurityEvent(
        db,
        { type: "identity_linked", outcome: "success", reason: pending.provider, userId: user.id, email: user.email },
        origin,
      );
      return ticket;
    },

    /** Settings: how the account can sign in. */
    async methods(userId: string): Promise<SignInMethods> {
      const user = await findUserById(db, userId);
      const linked = await identities.listFor(userId);
      return {
        identities: linked.map((identity) => ({
          provider: identity.provider,
          name: providers.find(identity.provider)?.name ?? identity.provider,
          email: identity.email,
          linkedAt: identity.createdAt.toISOString(),
          lastUsedAt: identity.lastUsedAt?.toISOString() ?? null,
        })),
        providers: providers.list(),
        hasPassword: user?.hasPassword ?? false,
      };
    },

    async unlink(userId: string, providerId: string, origin: RequestOrigin) {
      const outcome = await identities.unlink(userId, providerId);
      if (outcome === "not_linked") throw new ApiError(404, identityMessages.notLinked, "not_linked");
      await recordSecurityEvent(
        db,
        {
          type: "identity_unlinked",
          outcome: outcome === "unlinked" ? "success" : "failure",
          reason: outcome === "unlinked" ? providerId : `${providerId}: last sign-in method`,
          userId,
        },
        origin,
      );
      if (outcome === "last_method") throw new ApiError(409, identityMessages.lastSignInMethod, "last_sign_in_method");
    },
  };
}

export type OidcSignIn = ReturnType<typeof createOidcSignIn>;
