import { defineConfig } from "vite";

// The Node server (dist/server): dependencies stay in node_modules, our TypeScript is bundled.
export default defineConfig({
  publicDir: false,
  build: {
    ssr: true,
    outDir: "dist/server",
    emptyOutDir: true,
    sourcemap: true,
    target: "node24",
    rollupOptions: {
      input: {
        main: "src/server/main.ts",
        "create-admin": "src/cli/create-admin.ts",
        backup: "src/cli/backup.ts",
        restore: "src/cli/restore.ts",
      },
    },
  },
});
