import { and, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { threatRules } from "../../../shared/security.js";
import { describeUserAgent } from "../../../shared/user-agent.js";
import type { AppDb } from "../../db/client.js";
import { users } from "../../db/schema.js";
import { emailTime } from "../../platform/email-layout.js";
import type { Mailer, OutgoingMail } from "../../platform/mail.js";
import type { WrittenSecurityEvent } from "../../platform/security-log.js";
import type { Alerts } from "./alerts.js";
import { createNotMeLinks } from "./not-me-links.js";

/** The account changes the owner is told about by email, each with a 'this wasn't me' link. */
const changeNotices: Record<string, { subject: string; what: string }> = {
  password_change: { subject: "Your Crestbuild password was changed", what: "The password of your Crestbuild account was changed" },
  password_reset: { subject: "Your Crestbuild password was reset", what: "The password of your Crestbuild account was reset" },
  email_changed: {
    subject: "The email address of your Crestbuild account has changed",
    what: "The email address of your Crestbuild account was changed",
  },
  mfa_enrolled: { subject: "Two-step sign-in was turned on", what: "Two-step sign-in was turned on for your Crestbuild account" },
  mfa_removed: { subject: "Two-step sign-in was turned off", what: "Two-step sign-in was turned off for your Crestbuild account" },
  mfa_recovery_codes_replaced: {
    subject: "New recovery codes were made",
    what: "New two-step sign-in recovery codes were made for your Crestbuild account (the old ones no longer work)",
  },
  passkey_added: { subject: "A passkey was added to your account", what: "A passkey was added to your Crestbuild account" },
  passkey_removed: { subject: "A passkey was removed from your account", what: "A passkey was removed from your Crestbuild account" },
  identity_linked: {
    subject: "A sign-in provider was linked to your account",
    what: "A sign-in provider was linked to your Crestbuild account",
  },
  identity_unlinked: {
    subject: "A sign-in provider was unlinked from your account",
    what: "A sign-in provider was unlinked from your Crestbuild account",
  },
};

/**
 * The security centre's emails, sent as events are written (platform/security-log.ts), after the answer: the owner
 * hears of a sign-in from a new device and of every password, email or two-step change, each with its own link that
 * ends every session, removes what was added since and starts a password reset (an email change's also undoes it);
 * the admins hear of each high-severity alert once per rule and subject an hour.
 */
export function createSecurityNotices(deps: { db: AppDb; mailer: Mailer; alerts: Alerts; publicOrigin: string; log: FastifyBaseLogger }) {
  const { db, mailer, publicOrigin } = deps;
  const links = createNotMeLinks(db);

  /** Each notice's own link, bound to the event it reports; an email change's puts back the address it took. */
  async function notMeLink(event: { id: number; userId: string; createdAt: Date }, restoreEmail: string | null = null): Promise<string> {
    const token = await links.issue(event, restoreEmail);
    return `${publicOrigin}/security/not-me#user=${event.userId}&token=${token}`;
  }

  function ownerNotice(to: string, firstName: string, subject: string, lines: string[], link: string): OutgoingMail {
    return {
      to,
      subject,
      kind: "security_notice",
      content: {
        recipientName: firstName,
        paragraphs: [...lines, "If this wasn't you, end every session of your account and choose a new password:"],
        action: { label: "This wasn't me", url: link },
        afterword: [
          [
            "If it was you, there is nothing to do. Your recent activity is at ",
            { link: `${publicOrigin}/security`, label: `${publicOrigin}/security` },
            ".",
          ],
        ],
      },
    };
  }

  async function tellOwner({ event, newDevice }: WrittenSecurityEvent) {
    const change = event.outcome === "success" ? changeNotices[event.type] : undefined;
    if (!event.userId || !(newDevice || change)) return;
    const [user] = await db
      .select({ email: users.email, firstName: users.firstName, timeZone: users.timeZone })
      .from(users)
      .where(and(eq(users.id, event.userId), eq(users.active, true)));
    if (!user) return;
    const where = `${describeUserAgent(event.userAgent)}, from the address ${event.ipAddress ?? "unknown"}, on ${emailTime(event.createdAt, user.timeZone)}`;
    const reported = { id: event.id, userId: event.userId, createdAt: event.createdAt };
    if (newDevice) {
      await mailer.send(
        ownerNotice(
          user.email,
          user.firstName,
          "New sign-in to your Crestbuild account",
          [`Your account was signed in to from a new device: ${where}.`],
          await notMeLink(reported),
        ),
      );
    }
    if (change) {
      // An email change is told to the address it was taken from (its owner), which the event names.
      const emailChange = event.type === "email_changed" && event.reason?.startsWith("from ");
      const to = emailChange ? (event.reason ?? "").slice(5) : user.email;
      const what = emailChange ? `${change.what} to ${event.email}` : change.what;
      const link = await notMeLink(reported, emailChange ? to : null);
      const lines = [`${what}: ${where}.`];
      if (emailChange) lines.push(`If this wasn't you, the link below also makes ${to} the address of your account again.`);
      await mailer.send(ownerNotice(to, user.firstName, change.subject, lines, link));
    }
  }

  async function tellAdmins({ opened }: WrittenSecurityEvent) {
    for (const alert of opened) {
      const rule = threatRules[alert.rule];
      if (rule.severity !== "high" || !(await deps.alerts.claimEmail(alert.id))) continue;
      const admins = await db
        .select({ email: users.email, firstName: users.firstName })
        .from(users)
        .where(and(eq(users.role, "admin"), eq(users.active, true)));
      const link = `${publicOrigin}/security#alerts`;
      for (const admin of admins) {
        await mailer.send({
          to: admin.email,
          subject: `Security alert: ${rule.title}`,
          kind: "security_alert",
          content: {
            recipientName: admin.firstName,
            paragraphs: [
              ["A high-severity security alert opened: ", { strong: rule.title }, ` (${alert.subject}).`],
              "Read its evidence and acknowledge it.",
            ],
            action: { label: "Open the security alerts", url: link },
          },
        });
      }
    }
  }

  /** The listener: never holds the request up, and a failure is logged, not thrown at whoever wrote the event. */
  return (written: WrittenSecurityEvent) => {
    void Promise.all([tellOwner(written), tellAdmins(written)]).catch((error: unknown) =>
      deps.log.error({ err: error, eventId: written.event.id }, "security notice failed"),
    );
  };
}
