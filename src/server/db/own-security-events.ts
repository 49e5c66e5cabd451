import { eq, or, type SQL, sql } from "drizzle-orm";
import { securityEvents, users } from "./schema.js";

/**
 * The access log's events that are one account's own: those naming the account, and those naming only its address
 * (a lockout, a failed sign-in) written since the account was created. An address someone had before, deleted and
 * then registered again by another person, hands the newcomer nothing of the earlier owner's.
 */
export function ownSecurityEvents(userId: string): SQL {
  const sinceTheAccountHadTheAddress = sql`${securityEvents.userId} is null and exists (
    select 1 from ${users}
    where ${users.id} = ${userId} and ${users.email} = ${securityEvents.email} and ${users.createdAt} <= ${securityEvents.createdAt})`;
  return or(eq(securityEvents.userId, userId), sinceTheAccountHadTheAddress) as SQL;
}
