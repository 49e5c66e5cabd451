/**
 * The portal's other lists under load, as staff open them all day: GET /api/conversations (pages of a staff member's
 * 141 conversations: 40 projects, 100 direct conversations and the department channel, 5,640 messages), GET /api/notifications (the latest
 * page and older pages by cursor, of 5,000) and GET /api/inquiries (pages of the inbox of 5,000, as an admin), at 20
 * connections, with GET /api/auth/profile as the floor of any signed-in request. Built server, fresh database.
 * Run: npm run build && npm run bench:portal-lists (BENCH_DATABASE_URL=postgres://… for PostgreSQL; it is emptied first).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { conversationParticipants, conversations, projects, users } from "../src/server/db/schema";
import { hashPassword } from "../src/server/modules/auth/passwords";
import { type LoadFigures, measureGets, readEachOnce, signIn } from "./api-load";
import { benchPerson, openFreshBenchDatabase } from "./bench-database";
import { loadAverage, printTable, verdict } from "./report";
import { startBuiltServer } from "./server";

const CONNECTIONS = 20;
const SECONDS = 10;
const PASSWORD = "Bench-password-2026";
const STAFF_EMAIL = "bench-staff@crestbuild.ng";
const ADMIN_EMAIL = "bench-admin@crestbuild.ng";
const COLLEAGUES = 100;
const PROJECTS = 40;
const MESSAGES_PER_CONVERSATION = 40;
const NOTIFICATIONS = 5_000;
const INQUIRIES = 5_000;
const DATABASE_URL = process.env.BENCH_DATABASE_URL;
// The goal docs/speed.md sets for the projects list, held by the other lists too.
const GOAL = DATABASE_URL ? { requestsPerSecond: 500, p99: 50 } : { requestsPerSecond: 250, p99: Number.POSITIVE_INFINITY };

async function seed(dataDir: string) {
  const database = await openFreshBenchDatabase(dataDir, DATABASE_URL);
  const { db } = database;
  try {
    const person = benchPerson(await hashPassword(PASSWORD));
    await db.insert(users).values(person(ADMIN_EMAIL, "admin", "Admin", 0));
    const [staff] = await db
      .insert(users)
      .values(person(STAFF_EMAIL, "staff", "Projects", 1))
      .returning({ id: users.id });
    if (!staff) throw new Error("the staff member was not created");
    const colleagues = await db
      .insert(users)
      .values(
        Array.from({ length: COLLEAGUES }, (_, i) => person(`colleague-${i}@crestbuild.ng`, "staff", i % 2 ? "Projects" : "HR", i + 2)),
      )
      .returning({ id: users.id });
    const managed = await db
      .insert(projects)
      .values(
        Array.from({ length: PROJECTS }, (_, i) => ({
          slug: `bench-project-${i}`,
          reference: `CB-2026-${String(i + 1).padStart(4, "0")}`,
          title: `Abuja Duplex ${i}`,
          category: "residential" as const,
          status: "in_progress" as const,
          description: "Seeded for the benchmark.",
          city: "Abuja",
          state: "FCT",
          country: "Nigeria",
          managerId: staff.id,
        })),
      )
      .returning({ id: projects.id });
    await db.insert(conversations).values(managed.map((project) => ({ kind: "project" as const, projectId: project.id })));
    await db.insert(conversations).values({ kind: "department", department: "Projects" });
    const direct = await db
      .insert(conversations)
      .values(colleagues.map((colleague) => ({ kind: "direct" as const, directKey: [staff.id, colleague.id].sort().join(":") })))
      .returning({ id: conversations.id });
    await db
      .insert(conversationParticipants)
      .values(
        direct.flatMap((conversation, i) =>
          [staff.id, colleagues[i]?.id ?? ""].map((userId) => ({ conversationId: conversation.id, userId })),
        ),
      );
    // Messages, notifications and inquiries in bulk, in SQL.
    await db.execute(sql`
      insert into messages (conversation_id, author_id, body, created_at)
      select c.id, case when n % 3 = 0 then ${staff.id}::uuid else ${colleagues[0]?.id ?? staff.id}::uuid end, 'Site update number ' || n || ': the slab was poured and cured as planned.', now() - (n || ' minutes')::interval
      from conversations c, generate_series(1, ${MESSAGES_PER_CONVERSATION}) n`);
    // Read up to the latest message in three conversations of four, as someone who keeps up.
    await db.execute(sql`
      insert into conversation_reads (conversation_id, user_id, last_read_message_id)
      select conversation_id, ${staff.id}::uuid, max(id) from messages where conversation_id % 4 <> 0 group by conversation_id`);
    await db.execute(sql`
      insert into notifications (user_id, kind, title, body, link, read_at, created_at)
      select ${staff.id}::uuid, 'message', 'New message from Musa', 'About the Abuja Duplex', '/dashboard/messages',
        case when n % 3 = 0 then null else now() end, now() - (n || ' minutes')::interval
      from generate_series(1, ${NOTIFICATIONS}) n`);
    await db.execute(sql`
      insert into contact_inquiries (name, email, phone, subject, message, status, created_at)
      select 'Visitor ' || n, 'visitor' || n || '@example.com', '+234 803 000 0000', 'A duplex in Gwarinpa',
        'We would like a quote for a four-bedroom duplex.', (array['new', 'assigned', 'handled'])[1 + n % 3], now() - (n || ' minutes')::interval
      from generate_series(1, ${INQUIRIES}) n`);
    // Statistics and the visibility map as a live database has them (autovacuum would within minutes): index-only
    // scans then skip the table.
    await db.execute(sql`vacuum analyze`);
  } finally {
    await database.close();
  }
}

async function getJson<T>(origin: string, token: string, pathname: string): Promise<T> {
  const response = await fetch(`${origin}${pathname}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET ${pathname} answered ${response.status}`);
  return ((await response.json()) as { data: T }).data;
}

const dataDir = mkdtempSync(path.join(tmpdir(), "crestbuild-lists-bench-"));
await seed(dataDir);
if (DATABASE_URL) process.env.DATABASE_URL = DATABASE_URL;
const server = await startBuiltServer(Number(process.env.BENCH_PORT ?? 3206), dataDir);
try {
  const origin = server.origin;
  const staffToken = await signIn(origin, STAFF_EMAIL, PASSWORD);
  const adminToken = await signIn(origin, ADMIN_EMAIL, PASSWORD);
  const load = (token: string, pathOf: (n: number) => string) =>
    measureGets(origin, token, { connections: CONNECTIONS, seconds: SECONDS, pathOf });
  /** A paged list: one pass through every page first (its rate printed), as a server that has been up has seen. */
  const loadPaged = async (token: string, pathOfPage: (page: number) => string, pageCount: number, pathOf: (n: number) => string) => {
    const firstPass = await readEachOnce(
      origin,
      token,
      CONNECTIONS,
      Array.from({ length: pageCount }, (_, i) => pathOfPage(i + 1)),
    );
    return { firstPass, ...(await load(token, pathOf)) };
  };

  const conversationList = await getJson<{ total: number; pageCount: number }>(origin, staffToken, "/api/conversations");
  const newest = (await getJson<{ items: { id: number }[] }>(origin, staffToken, "/api/notifications")).items[0]?.id ?? 1;
  const inbox = await getJson<{ pageCount: number }>(origin, adminToken, "/api/inquiries?page=1");
  const rows: { list: string; size: string; figures: LoadFigures & { firstPass?: number } }[] = [
    { list: "GET /api/auth/profile (floor)", size: "-", figures: await load(staffToken, () => "/api/auth/profile") },
    {
      list: "GET /api/conversations?page=N (staff)",
      size: `${conversationList.total} conversations, ${conversationList.pageCount} pages`,
      // Mostly the first page (the screen, the badge), now and then a later one ('Load more').
      figures: await loadPaged(
        staffToken,
        (page) => `/api/conversations?page=${page}`,
        conversationList.pageCount,
        (n) => `/api/conversations?page=${n % 4 === 0 ? ((n / 4) % conversationList.pageCount) + 1 : 1}`,
      ),
    },
    {
      list: "GET /api/notifications (staff)",
      size: `${NOTIFICATIONS} notifications`,
      // Mostly the latest page (the bell), now and then an older page by cursor.
      figures: await load(staffToken, (n) =>
        n % 4 === 0 ? `/api/notifications?before=${newest - ((n * 37) % (NOTIFICATIONS - 20))}` : "/api/notifications",
      ),
    },
    {
      list: "GET /api/inquiries?page=N (admin)",
      size: `${INQUIRIES} inquiries, ${inbox.pageCount} pages`,
      figures: await loadPaged(
        adminToken,
        (page) => `/api/inquiries?page=${page}`,
        inbox.pageCount,
        (n) => `/api/inquiries?page=${(n % inbox.pageCount) + 1}`,
      ),
    },
  ];
  console.log(
    `\nPortal lists on ${DATABASE_URL ? "PostgreSQL" : "PGlite"}: ${CONNECTIONS} connections, ${SECONDS} s each, on ${origin}; load average ${loadAverage()}`,
  );
  printTable(
    rows.map(({ list, size, figures }) => ({
      list,
      size,
      "req/s": figures.requestsPerSecond.toFixed(0),
      "p99 ms": String(figures.p99),
      errors: String(figures.errors),
      "first pass req/s": figures.firstPass === undefined ? "-" : figures.firstPass.toFixed(0),
      goal: list.includes("floor")
        ? "(floor)"
        : `>= ${GOAL.requestsPerSecond} req/s${DATABASE_URL ? `, p99 <= ${GOAL.p99} ms` : ""}: ${verdict(figures.requestsPerSecond >= GOAL.requestsPerSecond && figures.p99 <= GOAL.p99)}`,
    })),
  );
} finally {
  server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
