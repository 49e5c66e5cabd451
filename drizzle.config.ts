import { defineConfig } from "drizzle-kit";

// `npx drizzle-kit generate` writes the next SQL migration from src/server/db/schema.ts.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/server/db/schema.ts",
  out: "./src/server/db/migrations",
});
