import { createHmac, timingSafeEqual } from "node:crypto";
import { REPORT_LINK_DAYS } from "../../../../shared/reports.js";

const LINK_MS = REPORT_LINK_DAYS * 86_400_000;

/** What a report link opens: one report of one project, read-only. */
export type ReportLinkClaims = { reportId: number; projectId: number; issuedAt: Date };

/** A report link's check: its report, or why it opens nothing. */
export type ReportLinkCheck = { ok: true; claims: ReportLinkClaims } | { ok: false; reason: "broken" | "expired" };

const NUMBER = /^[1-9][0-9]{0,14}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The links of the weekly reports' emails (docs/decisions/139-weekly-reports.md): what they name in the clear
 * (`reportId.projectId.issuedAt` or an account's id), then an HMAC-SHA256 of it and of what the link is for, with a key
 * derived from the server's signing secret for these links alone (an access token never passes for one). Short
 * enough for a path segment (at most 100 characters).
 */
export function createReportLinks(signingSecret: string) {
  const key = createHmac("sha256", signingSecret).update("crestbuild weekly report links").digest();
  const signatureOf = (kind: string, claims: string) => createHmac("sha256", key).update(`${kind}:${claims}`).digest();
  const sign = (kind: string, claims: string) => `${claims}.${signatureOf(kind, claims).toString("base64url")}`;

  /** The signed part of a token of this kind, or null for a forged or tampered one. */
  function verified(kind: string, token: string): string | null {
    const cut = token.lastIndexOf(".");
    if (cut <= 0) return null;
    const claims = token.slice(0, cut);
    const given = Buffer.from(token.slice(cut + 1), "base64url");
    const expected = signatureOf(kind, claims);
    return given.length === expected.length && timingSafeEqual(given, expected) ? claims : null;
  }

  return {
    /** The link's token for one report; `issuedAt` is now, or a past moment in tests of an expired link. */
    reportToken(reportId: number, projectId: number, issuedAt = new Date()): string {
      return sign("report", `${reportId}.${projectId}.${Math.floor(issuedAt.getTime() / 1000)}`);
    },

    checkReportToken(token: string, now = new Date()): ReportLinkCheck {
      const parts = verified("report", token)?.split(".") ?? [];
      if (parts.length !== 3 || !parts.every((part) => NUMBER.test(part))) return { ok: false, reason: "broken" };
      const [reportId, projectId, issuedAtSeconds] = parts.map(Number) as [number, number, number];
      const issuedAt = new Date(issuedAtSeconds * 1000);
      if (now.getTime() - issuedAt.getTime() > LINK_MS) return { ok: false, reason: "expired" };
      return { ok: true, claims: { reportId, projectId, issuedAt } };
    },

    /** The unsubscribe link's token of one account: it turns off the weekly report emails, and nothing else. */
    unsubscribeToken(userId: string): string {
      return sign("weekly-report-unsubscribe", userId);
    },

    /** The account an unsubscribe token names, or null. */
    unsubscribeUserOf(token: string): string | null {
      const userId = verified("weekly-report-unsubscribe", token);
      return userId !== null && UUID.test(userId) ? userId : null;
    },
  };
}

export type ReportLinks = ReturnType<typeof createReportLinks>;
