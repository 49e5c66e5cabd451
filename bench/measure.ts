/** Runs `step` in `workers` concurrent loops for `seconds` and returns requests per second, p99 latency and the count. */
export async function measure(step: (worker: number) => Promise<void>, { seconds, workers }: { seconds: number; workers: number }) {
  const latencies: number[] = [];
  const end = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      while (Date.now() < end) {
        const started = performance.now();
        await step(worker);
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { perSecond: latencies.length / seconds, p99: latencies[Math.floor(latencies.length * 0.99)] ?? 0, count: latencies.length };
}
