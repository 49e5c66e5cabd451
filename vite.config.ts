import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The browser bundle (dist/client) and, with --ssr, the page renderer the server loads (dist/ssr).
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  publicDir: "public",
  build: isSsrBuild
    ? { outDir: "dist/ssr", emptyOutDir: true, sourcemap: true, copyPublicDir: false }
    : {
        outDir: "dist/client",
        emptyOutDir: true,
        manifest: true,
        sourcemap: false,
        target: "es2022",
        rollupOptions: { input: "src/web/entry-client.tsx" },
      },
}));
