/**
 * The time to import a 5,000-line bill of quantities through POST /api/projects/:id/boq, as an XLSX and as a CSV,
 * from the request to its 201, beside the goal of docs/speed.md; each answer's contract sum is checked against the sum
 * worked out here. Built server, fresh embedded database (or the PostgreSQL of BENCH_DATABASE_URL, emptied first),
 * loopback only. Run: npm run build && npm run bench:boq-import
 */
import { createProject, type FormFile, postForm } from "./api";
import { boqCsv, boqLines, boqXlsx, expectedContractSum } from "./boq-files";
import { loadAverage, printTable, verdict } from "./report";
import { startSeededServer } from "./seeded-server";

const LINES = 5_000;
const WARM_UPS = 1;
const RUNS = 5;
const GOAL_MS = 3_000;
const ADMIN = "bench-admin@crestbuild.ng";
const SURVEYOR = "bench-qs@crestbuild.ng";
const CLIENT = "bench-client@bench.example";

const server = await startSeededServer(Number(process.env.BENCH_PORT ?? 3208), [
  { email: ADMIN, role: "admin", department: "Admin" },
  { email: SURVEYOR, role: "staff", department: "Projects" },
  { email: CLIENT, role: "user", department: "General Users" },
]);
try {
  const surveyor = server.account(SURVEYOR);
  const projectId = await createProject(server.origin, server.account(ADMIN).token, "BOQ Bench Estate", {
    clientId: server.account(CLIENT).id,
    managerId: surveyor.id,
  });
  const lines = boqLines(LINES);
  const expected = { bills: new Set(lines.map((line) => line.bill)).size, items: LINES, contractSum: expectedContractSum(lines) };
  const files = { XLSX: await boqXlsx(lines), CSV: boqCsv(lines) };

  /** One import, timed from the request to the 201 read in full; its answer must be the BOQ sent. */
  const timedImport = async (file: FormFile) => {
    const started = performance.now();
    const { status, data } = await postForm(server.origin, surveyor.token, `/projects/${projectId}/boq`, [file]);
    const ms = performance.now() - started;
    if (status !== 201) throw new Error(`the import of ${file.name} answered ${status}: ${JSON.stringify(data)}`);
    if ((["bills", "items", "contractSum"] as const).some((key) => data[key] !== expected[key]))
      throw new Error(`the import of ${file.name} answered ${JSON.stringify(data)}, not ${JSON.stringify(expected)}`);
    return ms;
  };

  const times: Record<keyof typeof files, number[]> = { XLSX: [], CSV: [] };
  for (let run = 0; run < WARM_UPS + RUNS; run += 1) {
    for (const format of ["XLSX", "CSV"] as const) {
      const ms = await timedImport(files[format]);
      if (run >= WARM_UPS) times[format].push(ms);
    }
  }
  console.log(
    `\nPOST /api/projects/:id/boq, ${LINES.toLocaleString("en")} lines in ${expected.bills} bills (contract sum ${expected.contractSum} kobo, as worked out here) on ${server.database}, ${RUNS} runs of each after ${WARM_UPS} warm-up; load average ${loadAverage()}`,
  );
  printTable(
    (["XLSX", "CSV"] as const).map((format) => {
      const worst = Math.max(...times[format]);
      return {
        file: `${format}, ${Math.round(files[format].data.length / 1024)} KB`,
        "worst run": `${(worst / 1000).toFixed(2)} s`,
        runs: times[format].map((ms) => (ms / 1000).toFixed(2)).join(", "),
        goal: `<= ${GOAL_MS / 1000} s: ${verdict(worst <= GOAL_MS)}`,
      };
    }),
  );
} finally {
  server.stop();
}
