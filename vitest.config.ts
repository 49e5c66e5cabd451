import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "src/**/*.test.tsx"],
    environment: "node",
    pool: "forks",
    // Test files of one worker share its database (PGlite takes seconds to start); each test resets the data.
    isolate: false,
    // One PostgreSQL database serves the whole run in the production-mode suite, so files go one at a time there.
    fileParallelism: !process.env.TEST_DATABASE_URL,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
