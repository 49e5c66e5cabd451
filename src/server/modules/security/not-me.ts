import { and, eq, isNull } from "drizzle-orm";
import { ApiError } from "../../../shared/api.js";
import type { NotMeLinkPreview, NotMeResult, SignInMethodRemoval } from "../../../shared/security.js";
import { securityMessages } from "../../../shared/security.js";
import { isUuid } from "../../../shared/uuid.js";
import { tooManyRequests } from "../../../shared/wording.js";
import type { AppDb } from "../../db/client.js";
import { isUniqueViolation } from "../../db/errors.js";
import { sessions, users } from "../../db/schema.js";
import { type RequestOrigin, recordSecurityEvent } from "../../platform/security-log.js";
import { createNotMeLinks, type NotMeLink } from "./not-me-links.js";
import type { SignInMethods } from "./sign-in-methods.js";

/** An addition (a passkey, a provider link) is written a moment before the event that reports it, in the same request. */
const SAME_REQUEST_SLACK_MS = 60_000;

/** Counts a wrong token against the link's account id: answers the seconds to wait once over the limit, else null. */
export type WrongTokenLimit = () => Promise<number | null>;

/**
 * The 'this wasn't me' link of a security notice: it ends every session of the account, removes the passkeys and
 * provider links added since the reported event (and those the owner chose), puts back the address an email change
 * took, and emails a password reset code, so whoever did it is out and the owner chooses a new password (the page
 * goes on to /forgot-password). A wrong token is refused without touching the owner's link.
 */
export function createNotMe(deps: {
  db: AppDb;
  methods: SignInMethods;
  requestPasswordReset: (email: string, origin: RequestOrigin) => Promise<void>;
}) {
  const { db, methods } = deps;
  const links = createNotMeLinks(db);

  /** The link, or a refusal: 429 once this account id has seen too many wrong tokens (nothing more is logged), else 410. */
  async function validLink(userId: string, token: string, wrongToken: WrongTokenLimit, origin: RequestOrigin): Promise<NotMeLink> {
    const link = isUuid(userId) ? await links.find(userId, token) : null;
    if (link) return link;
    const wait = await wrongToken();
    if (wait !== null) throw new ApiError(429, tooManyRequests(wait), "rate_limited", {}, wait);
    await recordSecurityEvent(db, { type: "not_me", outcome: "failure", userId: isUuid(userId) ? userId : null }, origin);
    throw new ApiError(410, securityMessages.notMeInvalid, "link_expired");
  }

  const addedSince = (link: NotMeLink) => new Date(link.eventAt.getTime() - SAME_REQUEST_SLACK_MS);

  /** Puts the address an email change took back, unless another account holds it now: answers the account's email. */
  async function restoreEmail(userId: string, link: NotMeLink, current: string): Promise<string> {
    if (!link.restoreEmail || link.restoreEmail === current) return current;
    try {
      await db
        .update(users)
        .set({ email: link.restoreEmail, pendingEmail: null, emailVerifiedAt: new Date(), updatedAt: new Date() })
        .where(eq(users.id, userId));
      return link.restoreEmail;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      return current;
    }
  }

  return {
    /** What the link would do, read without using it: the sign-in methods, and the time that marks those it removes. */
    async preview(userId: string, token: string, wrongToken: WrongTokenLimit, origin: RequestOrigin): Promise<NotMeLinkPreview> {
      const link = await validLink(userId, token, wrongToken, origin);
      return {
        ...(await methods.list(userId)),
        addedSince: addedSince(link).toISOString(),
        restoresEmail: link.restoreEmail,
      };
    },

    async use(
      userId: string,
      token: string,
      choice: Required<SignInMethodRemoval>,
      wrongToken: WrongTokenLimit,
      origin: RequestOrigin,
    ): Promise<NotMeResult> {
      const link = await validLink(userId, token, wrongToken, origin);
      const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
      if (!user || !(await links.markUsed(link))) throw new ApiError(410, securityMessages.notMeInvalid, "link_expired");
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
      const email = await restoreEmail(userId, link, user.email);
      const removed = await methods.remove(
        userId,
        { passkeyIds: choice.removePasskeys, providers: choice.removeProviders, addedSince: addedSince(link) },
        origin,
      );
      const emailRestored = email !== user.email;
      await recordSecurityEvent(
        db,
        { type: "not_me", outcome: "success", reason: emailRestored ? `email restored from ${user.email}` : undefined, userId, email },
        origin,
      );
      await deps.requestPasswordReset(email, origin);
      return { email, emailRestored, removed };
    },
  };
}
