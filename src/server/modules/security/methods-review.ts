import { ApiError } from "../../../shared/api.js";
import {
  type AccountSignInMethods,
  SIGN_IN_METHODS_REVIEW_PURPOSE,
  type SignInMethodRemoval,
  securityMessages,
} from "../../../shared/security.js";
import { isUuid } from "../../../shared/uuid.js";
import type { AppDb } from "../../db/client.js";
import type { RequestOrigin } from "../../platform/security-log.js";
import { createOneTimeCodes } from "../auth/index.js";
import type { SignInMethods } from "./sign-in-methods.js";

/**
 * The completion screen of a password reset: with the ticket the reset handed back (the person is not signed in),
 * it lists the account's passkeys and providers and removes those picked, until the ticket expires.
 */
export function createMethodsReview(db: AppDb, methods: SignInMethods) {
  const codes = createOneTimeCodes(db);
  async function check(userId: string, ticket: string) {
    if (!isUuid(userId) || !(await codes.findTicket(userId, SIGN_IN_METHODS_REVIEW_PURPOSE, ticket))) {
      throw new ApiError(410, securityMessages.reviewExpired, "link_expired");
    }
  }
  return {
    async list(userId: string, ticket: string): Promise<AccountSignInMethods> {
      await check(userId, ticket);
      return methods.list(userId);
    },
    async remove(userId: string, ticket: string, choice: Required<SignInMethodRemoval>, origin: RequestOrigin) {
      await check(userId, ticket);
      await methods.remove(userId, { passkeyIds: choice.removePasskeys, providers: choice.removeProviders }, origin);
      return methods.list(userId);
    },
  };
}

export type MethodsReview = ReturnType<typeof createMethodsReview>;
