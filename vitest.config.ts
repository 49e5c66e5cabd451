import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "src/**/*.test.tsx"],
    environment: "node",
    pool: "forks",
    // Test files of one worker share its database (PGlite takes seconds to start); each test resets the data.
    isolate: false,
    // Two files at a time, even on two cores (vitest would keep one core free): the tests mostly wait on the database
    // and the network. On PostgreSQL each worker has a database of its own, made here (decision 144).
    maxWorkers: 2,
    setupFiles: ["src/server/testing/worker-database.ts"],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
