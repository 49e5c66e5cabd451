import type { ViteDevServer } from "vite";
import type { RenderPage, RendersForViewer } from "../../shared/ssr.js";
import type { PageRenderer } from "./renderer.js";

const SERVER_ENTRY = "/src/web/entry-server.tsx";
type ServerEntry = { render: RenderPage; rendersForViewer: RendersForViewer };

/**
 * `npm run dev`'s renderer: the same entry as the build's, loaded through Vite at each request so that an edit shows
 * at the next page, in a document that loads the browser's modules from source with hot updates. `live`: no page is
 * kept, so what a page shows is always the code as it is now.
 */
export function createDevRenderer(vite: ViteDevServer, devNonce: string): PageRenderer {
  const entry = () => vite.ssrLoadModule(SERVER_ENTRY) as Promise<ServerEntry>;
  let routesEntry: ServerEntry | undefined;
  // rendersForViewer is asked synchronously for each page: the last loaded entry answers until the next render. A
  // failure here shows again, with its cause, at the first page's render.
  entry().then(
    (loaded) => {
      routesEntry = loaded;
    },
    () => {},
  );
  return {
    live: true,
    assets: {
      entryScript: "/src/web/entry-client.tsx",
      modulePreloads: [],
      // Served as a stylesheet (?direct), so a rendered page is styled before its scripts run.
      stylesheets: ["/src/web/styles.css?direct"],
      lazyChunks: {},
    },
    rendersForViewer: (url) => routesEntry?.rendersForViewer(url) ?? false,
    render: async (request) => {
      const loaded = await entry();
      routesEntry = loaded;
      const result = await loaded.render(request);
      // Vite adds its client and React's refresh preamble, with the nonce it was configured with: this request's.
      const html = await vite.transformIndexHtml(request.url, result.html);
      return { ...result, html: html.replaceAll(devNonce, request.nonce) };
    },
  };
}
