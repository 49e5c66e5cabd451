// Loaded into a benchmarked server (node --expose-gc --import ./bench/memory-probe.mjs): on SIGUSR2 it collects
// garbage, then writes the process's memory to MEMORY_PROBE_FILE, so that a soak compares like with like.
import { renameSync, writeFileSync } from "node:fs";

process.on("SIGUSR2", () => {
  globalThis.gc?.();
  const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
  const file = process.env.MEMORY_PROBE_FILE ?? "";
  // Written aside, then renamed: the benchmark never reads half a file.
  writeFileSync(`${file}.partial`, JSON.stringify({ at: Date.now(), rss, heapUsed, external, arrayBuffers }));
  renameSync(`${file}.partial`, file);
});
