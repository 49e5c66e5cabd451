import { cp, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditActions } from "../../shared/admin.js";
import { blogPostStatuses } from "../../shared/blog-admin.js";
import { callMediaKinds } from "../../shared/call-terms.js";
import { blogCategories } from "../../shared/content.js";
import { conversationKinds } from "../../shared/conversations.js";
import { departmentNames, roles } from "../../shared/departments.js";
import { captureSources, evidenceKinds, evidenceVerdicts } from "../../shared/evidence.js";
import { idempotentRequestStates } from "../../shared/idempotency.js";
import { inquiryStatuses } from "../../shared/inquiries.js";
import { invoiceKinds, paymentStatuses } from "../../shared/invoices.js";
import { notificationKinds } from "../../shared/notifications.js";
import { projectCategories, projectStatuses } from "../../shared/project-terms.js";
import { progressModes, weatherKinds } from "../../shared/projects.js";
import { alertStatuses, threatRules } from "../../shared/security.js";
import { securityOutcomes } from "../../shared/security-events.js";
import { snagStatuses } from "../../shared/snags.js";
import { uploadKinds } from "../../shared/uploads.js";
import { migrationsDir } from "../paths.js";
import { testDatabase } from "../testing/test-app.js";
import { openDatabase } from "./client.js";
import { migrate } from "./migrate.js";

/** Each CHECK of migration 0031 and the list in src/shared (or the schema's type) it must equal. */
const checks: Record<string, readonly string[]> = {
  users_role_check: roles,
  users_department_check: departmentNames,
  projects_status_check: projectStatuses,
  projects_category_check: projectCategories,
  projects_progress_mode_check: progressModes,
  conversations_kind_check: conversationKinds,
  conversations_department_check: departmentNames,
  calls_department_check: departmentNames,
  calls_media_check: callMediaKinds,
  notifications_kind_check: notificationKinds,
  blog_posts_category_check: blogCategories.map((category) => category.slug),
  blog_posts_status_check: blogPostStatuses,
  contact_inquiries_status_check: inquiryStatuses,
  security_events_outcome_check: securityOutcomes,
  security_alerts_rule_check: Object.keys(threatRules),
  security_alerts_severity_check: ["low", "medium", "high"],
  security_alerts_status_check: alertStatuses,
  admin_audit_log_action_check: auditActions,
  oidc_flows_purpose_check: ["sign_in", "link", "confirm_link"],
  passkey_challenges_purpose_check: ["sign_in", "add", "step_up"],
  project_photos_source_check: captureSources,
  project_photos_verdict_check: evidenceVerdicts,
  evidence_entries_kind_check: evidenceKinds,
  invoices_kind_check: invoiceKinds,
  payments_status_check: paymentStatuses,
  idempotent_requests_state_check: idempotentRequestStates,
  project_updates_weather_check: weatherKinds,
  snags_status_check: snagStatuses,
  resumable_uploads_kind_check: uploadKinds,
};

type Rows<T> = { rows: T[] };

/** The error a statement fails with, or undefined: Drizzle wraps the driver's error (and its SQLSTATE) as its cause. */
async function failureOf(statement: Promise<unknown>) {
  try {
    await statement;
    return undefined;
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    return cause as { code?: string; message?: string };
  }
}

describe("columns of a fixed set of values", () => {
  // The first use migrates the shared database: longer than one test's limit on a busy machine.
  beforeAll(() => testDatabase(), 120_000);

  it("refuse a value outside their set, through the database itself", async () => {
    const { db } = await testDatabase();
    const refused = await failureOf(
      db.execute(sql`insert into users (email, first_name, last_name, department, role, password_hash)
        values ('owner@example.com', 'Not', 'Allowed', 'General Users', 'owner', 'not a hash')`),
    );
    expect(refused?.code).toBe("23514");
    expect(refused?.message).toContain("users_role_check");

    const archived = await failureOf(
      db.execute(sql`insert into projects (slug, reference, title, category, status, description, city, country)
        values ('check-archived', 'CB-CHECK-1', 'Archived', 'residential', 'archived', 'A project.', 'Abuja', 'NG')`),
    );
    expect(archived?.code).toBe("23514");
    expect(archived?.message).toContain("projects_status_check");
  });

  it("hold exactly the values the code knows", async () => {
    const { db } = await testDatabase();
    const found = (await db.execute(
      sql`select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint
        where contype = 'c' and conname in (${sql.join(
          Object.keys(checks).map((name) => sql`${name}`),
          sql`, `,
        )})`,
    )) as unknown as Rows<{ name: string; definition: string }>;
    const valuesOf = (definition: string) => [...definition.matchAll(/'([^']*)'/g)].map((match) => match[1]);
    expect(Object.fromEntries(found.rows.map((row) => [row.name, valuesOf(row.definition).sort()]))).toEqual(
      Object.fromEntries(Object.entries(checks).map(([name, values]) => [name, [...values].sort()])),
    );
  });

  it("are added to a database whose rows were written before, the legacy department name among them", async () => {
    const earlier = await mkdtemp(path.join(tmpdir(), "migrations-"));
    const database = await openDatabase({ dataDir: null });
    try {
      const files = (await readdir(migrationsDir)).filter((name) => name.endsWith(".sql") && name < "0031");
      await Promise.all(files.map((name) => cp(path.join(migrationsDir, name), path.join(earlier, name))));
      await migrate(database.db, earlier);
      await database.db.execute(sql`insert into users (email, first_name, last_name, department, role, password_hash)
        values ('ledger@example.com', 'Old', 'Row', 'Accounting', 'staff', 'not a hash')`);
      expect((await migrate(database.db))[0]).toBe("0031_fixed_value_checks.sql");
    } finally {
      await database.close();
      await rm(earlier, { recursive: true, force: true });
    }
  }, 120_000);
});
