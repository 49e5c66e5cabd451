/**
 * The time to answer GET /api/projects/:id/statement for a project with 200 transfers (most confirmed, some awaiting
 * confirmation, some rejected) against 8 invoices (6 payment stages, 2 certified valuations), median and p95 of
 * sequential requests beside the goal of docs/speed.md. Everything is made through the API as the office, Accounts,
 * the client and the 6 payers the client added would make it; the statement's totals are checked against those
 * worked out here, and the server's CPU time per request is printed beside (it moves less with the machine's load).
 * Built server, fresh embedded database (or the PostgreSQL of BENCH_DATABASE_URL, emptied first),
 * loopback only. Run: npm run build && npm run bench:statement
 */
import sharp from "sharp";
import type { Statement } from "../src/shared/invoices";
import { lagosDay } from "../src/shared/lagos-time";
import { api, createProject, postForm } from "./api";
import { boqCsv, boqLines } from "./boq-files";
import { loadAverage, percentile, printTable, processCpuMs, verdict } from "./report";
import { startSeededServer } from "./seeded-server";

const PAYMENTS = 200;
const PAYERS_ADDED = 6;
const STAGES = 6;
/** BENCH_BOQ_LINES: a larger bill (up to 10,000 lines) to see what the BOQ's size costs the statement. */
const BOQ_LINES = Number(process.env.BENCH_BOQ_LINES ?? 200);
const WARM_UPS = 5;
const REQUESTS = 50;
const GOAL_P95_MS = 100;
const ADMIN = "bench-admin@crestbuild.ng";
const OFFICE = "bench-qs@crestbuild.ng";
/** Two in Accounts: confirming and rejecting are limited to 120 decisions an hour per person. */
const ACCOUNTS = ["bench-accounts-1@crestbuild.ng", "bench-accounts-2@crestbuild.ng"];
const CLIENT = "bench-client@bench.example";
/** The client and the relatives they add each record at most 30 transfers (the route's limit per person). */
const PAYERS = Array.from({ length: PAYERS_ADDED }, (_, index) => `bench-payer-${index + 1}@bench.example`);

/** Every 10 transfers: 8 confirmed, 1 left awaiting confirmation, 1 rejected. */
const decisionOf = (index: number) => (index % 10 === 7 ? "awaiting" : index % 10 === 3 ? "rejected" : "confirmed");
const daysAgo = (days: number) => lagosDay(new Date(Date.now() - days * 86_400_000));

const server = await startSeededServer(Number(process.env.BENCH_PORT ?? 3209), [
  { email: ADMIN, role: "admin", department: "Admin" },
  { email: OFFICE, role: "staff", department: "Projects" },
  ...ACCOUNTS.map((email) => ({ email, role: "staff" as const, department: "Accounts" as const })),
  ...[CLIENT, ...PAYERS].map((email) => ({ email, role: "user" as const, department: "General Users" as const })),
]);
try {
  const [office, client] = [server.account(OFFICE), server.account(CLIENT)];
  const accounts = ACCOUNTS.map(server.account);
  const payers = [client, ...PAYERS.map(server.account)];
  const [issuer = accounts[0]] = accounts;
  if (!issuer) throw new Error("no Accounts");
  const call = (token: string, route: string, body?: unknown) =>
    api(server.origin, token, route, body === undefined ? { method: "GET" } : { method: "POST", body });

  const projectId = await createProject(server.origin, server.account(ADMIN).token, "Statement Bench Duplex", {
    clientId: client.id,
    managerId: office.id,
  });
  const money = `/projects/${projectId}`;
  const seedingStarted = performance.now();

  // The contract: a BOQ, signed; a schedule of fixed stages, due once signed; two certified valuations.
  const lines = boqLines(BOQ_LINES);
  const imported = await postForm(server.origin, office.token, `${money}/boq`, [boqCsv(lines)]);
  if (imported.status !== 201) throw new Error(`the BOQ answered ${imported.status}: ${JSON.stringify(imported.answer)}`);
  await call(office.token, `${money}/contract`, { signedOn: daysAgo(120), retentionPercent: 5, defectsPeriodDays: 180 });
  for (let stage = 0; stage < STAGES; stage += 1)
    await call(office.token, `${money}/payment-stages`, { name: `Instalment ${stage + 1}`, amount: 50_000_000 + stage * 1_000_000 });
  const schedule = (await call(office.token, `${money}/payment-stages`)) as { stages: { id: number }[] };
  const boq = (await call(office.token, `${money}/boq`)) as { bills: { items: { id: number; quantity: number }[] }[] };
  const items = boq.bills.flatMap((bill) => bill.items);
  const valuationIds: number[] = [];
  for (const [share, asAt] of [
    [2, daysAgo(60)],
    [1, daysAgo(30)],
  ] as const) {
    // The first measures half of the first 100 items, the second all of them.
    const measured = await call(office.token, `${money}/valuations`, {
      asAt,
      lines: items.slice(0, 100).map((item) => ({ itemId: item.id, quantityToDate: Math.round((item.quantity * 1000) / share) / 1000 })),
    });
    await call(issuer.token, `${money}/valuations/${measured.id}/certify`, {});
    valuationIds.push(Number(measured.id));
  }

  // Eight invoices, issued by Accounts.
  const invoices: { id: number; amount: number }[] = [];
  for (const source of [
    ...schedule.stages.map((stage) => ({ stageId: stage.id })),
    ...valuationIds.map((valuationId) => ({ valuationId })),
  ]) {
    const issued = await call(issuer.token, `${money}/invoices`, { ...source, dueOn: daysAgo(-30) });
    invoices.push({ id: Number(issued.id), amount: Number(issued.amount) });
  }

  // The client adds the relatives who pay with them; the seven of them record 200 transfers, each with its slip.
  for (const email of PAYERS) await call(client.token, `${money}/payers`, { email });
  const slip = await sharp({ create: { width: 60, height: 40, channels: 3, background: "#e8e4d8" } })
    .png()
    .toBuffer();
  const expected = { invoiced: invoices.reduce((sum, invoice) => sum + invoice.amount, 0), paid: 0, awaiting: 0, lines: invoices.length };
  for (let index = 0; index < PAYMENTS; index += 1) {
    const payer = payers[index % payers.length];
    const invoice = invoices[index % invoices.length];
    if (!payer || !invoice) throw new Error("no payer or invoice");
    const amount = 2_000_000 + ((index * 7_919) % 3_000_000);
    const recorded = await postForm(
      server.origin,
      payer.token,
      `${money}/payments`,
      [{ field: "proof", name: `slip-${index + 1}.png`, type: "image/png", data: slip }],
      { invoiceId: String(invoice.id), amount: String(amount), paidOn: daysAgo(0), reference: `FBN/TRF/${100_000 + index * 37}` },
    );
    if (recorded.status !== 201) throw new Error(`transfer ${index + 1} answered ${recorded.status}: ${JSON.stringify(recorded.answer)}`);
    const decision = decisionOf(index);
    const decider = accounts[index % accounts.length];
    if (!decider) throw new Error("no Accounts");
    if (decision === "confirmed") await call(decider.token, `${money}/payments/${recorded.data.id}/confirm`, {});
    if (decision === "rejected")
      await call(decider.token, `${money}/payments/${recorded.data.id}/reject`, { reason: "Not on the bank statement." });
    if (decision === "confirmed") expected.paid += amount;
    if (decision === "awaiting") expected.awaiting += amount;
    if (decision !== "rejected") expected.lines += 1;
  }
  const seededIn = (performance.now() - seedingStarted) / 1000;

  // The statement must be the one made: its totals against those worked out here.
  const statement = (await call(client.token, `${money}/statement`)) as unknown as Statement;
  const found = {
    invoiced: statement.invoiced,
    paid: statement.paid,
    awaiting: statement.awaitingConfirmation,
    lines: statement.lines.length,
  };
  if (JSON.stringify(found) !== JSON.stringify(expected) || statement.balanceDue !== expected.invoiced - expected.paid)
    throw new Error(`the statement says ${JSON.stringify(found)}, not ${JSON.stringify(expected)}`);

  const timedRead = async () => {
    const started = performance.now();
    const response = await fetch(`${server.origin}/api${money}/statement`, {
      headers: { authorization: `Bearer ${client.token}`, "accept-encoding": "gzip, br" },
    });
    const body = await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`the statement answered ${response.status}`);
    return { ms: performance.now() - started, bytes: body.byteLength };
  };
  for (let run = 0; run < WARM_UPS; run += 1) await timedRead();
  const reads: { ms: number; bytes: number }[] = [];
  const cpuBefore = processCpuMs(server.pid);
  for (let run = 0; run < REQUESTS; run += 1) reads.push(await timedRead());
  const cpuAfter = processCpuMs(server.pid);
  const times = reads.map((read) => read.ms);
  const p95 = percentile(times, 0.95);
  console.log(
    `\nGET /api/projects/:id/statement as the client, ${invoices.length} invoices and ${PAYMENTS} transfers from ${payers.length} payers (${expected.lines} lines; a BOQ of ${BOQ_LINES.toLocaleString("en")} lines; seeded through the API in ${seededIn.toFixed(0)} s) on ${server.database}: ${REQUESTS} requests one after another after ${WARM_UPS} warm-ups; load average ${loadAverage()}`,
  );
  printTable([
    {
      figure: "time to the whole answer",
      median: `${percentile(times, 0.5).toFixed(1)} ms`,
      p95: `${p95.toFixed(1)} ms`,
      worst: `${Math.max(...times).toFixed(1)} ms`,
      "server CPU": cpuBefore === null || cpuAfter === null ? "unknown" : `${((cpuAfter - cpuBefore) / REQUESTS).toFixed(1)} ms a request`,
      answer: `${((reads[0]?.bytes ?? 0) / 1024).toFixed(1)} KB of JSON`,
      goal: `p95 <= ${GOAL_P95_MS} ms: ${verdict(p95 <= GOAL_P95_MS)}`,
    },
  ]);
} finally {
  server.stop();
}
