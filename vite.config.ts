import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { precompress } from "./build/precompress";
import { responsiveImages } from "./build/responsive-images";
import { siteApp } from "./build/site-app";

// The browser bundle (dist/client) and, with --ssr, the page renderer the server loads (dist/ssr).
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), ...(isSsrBuild ? [] : [responsiveImages(), siteApp(), precompress()])],
  publicDir: "public",
  // Under `npm run dev` (no index.html to crawl) every dependency of every screen, lazy ones included, is found and
  // bundled at start: one found later re-bundles them and reloads the open page.
  optimizeDeps: { entries: ["src/web/entry-client.tsx"] },
  build: isSsrBuild
    ? { outDir: "dist/ssr", emptyOutDir: true, sourcemap: true, copyPublicDir: false }
    : {
        outDir: "dist/client",
        emptyOutDir: true,
        manifest: true,
        sourcemap: false,
        target: "es2022",
        rolldownOptions: {
          input: "src/web/entry-client.tsx",
          output: {
            codeSplitting: {
              // What every page needs first (React, the router, the query cache, the app's shell) in one file.
              groups: [
                { name: "app", tags: ["$initial"] },
                // What the sign-in and the signed-in screens share and no public page needs: the session, the query
                // cache, the HTTP client (decision 110). The public pages' own pieces stay out of it.
                {
                  name: "portal",
                  test: /src\/web\/(app\/(portal-shell|RequireAllowed)|lib\/(session\/|query-client|portal-query-client|http|retry))|@tanstack\/(query-core|react-query)/,
                },
              ],
              // Small pieces shared by a few pages are copied into each rather than fetched one by one.
              experimentalInlineCommonChunks: { maxSize: 12_000 },
            },
          },
        },
      },
}));
