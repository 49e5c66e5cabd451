import { PassThrough } from "node:stream";
import { dehydrate } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { StaticRouter } from "react-router";
import { ApiError, unwrapEnvelope } from "../shared/api";
import { productMessages } from "../shared/messages";
import type { RenderPage } from "../shared/ssr";
import { App } from "./app/App";
import { AppProviders } from "./app/AppProviders";
import { documentHtml } from "./app/document";
import type { InitialAppState } from "./app/initial-state";
import { matchPublicRoute } from "./app/routes";
import { siteKeys } from "./features/site/queries";
import { apiPathOf } from "./lib/api-query";
import { createQueryClient } from "./lib/query-client";
import { headTags, type SeoCollector, serializeHeadTags } from "./lib/seo";

/** Renders everything, lazy pages included, before answering: crawlers get the whole page. */
function renderComplete(element: ReactNode, nonce: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let failure: unknown = null;
    const stream = renderToPipeableStream(element, {
      nonce,
      // Keep every finished Suspense boundary in place instead of moving it in with a script.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady() {
        if (failure) return reject(failure);
        const sink = new PassThrough();
        const chunks: Buffer[] = [];
        sink.on("data", (chunk: Buffer) => chunks.push(chunk));
        sink.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
        stream.pipe(sink);
      },
      onShellError: reject,
      onError(error) {
        failure ??= error;
      },
    });
  });
}

export const render: RenderPage = async (request) => {
  const queryClient = createQueryClient(
    async ({ queryKey }) => {
      const response = await request.fetchApi(`/api${apiPathOf(queryKey)}`);
      return unwrapEnvelope(response.status, response.body, productMessages.internalError);
    },
    { retry: 0 },
  );
  const url = new URL(request.url, request.publicOrigin);
  const match = matchPublicRoute(url.pathname);
  const keys = [siteKeys.company, ...(match ? match.route.data(match.params, url.searchParams) : [])];
  const loads = await Promise.allSettled(keys.map((queryKey) => queryClient.fetchQuery({ queryKey })));
  let notFound = !match;
  for (const load of loads) {
    if (load.status === "fulfilled") continue;
    if (load.reason instanceof ApiError && load.reason.status === 404) notFound = true;
    else throw load.reason;
  }

  const seo: SeoCollector = { origin: request.publicOrigin, page: null, company: null, status: 200 };
  const body = await renderComplete(
    <StaticRouter location={request.url}>
      <AppProviders queryClient={queryClient} seo={seo} notFound={notFound}>
        <App />
      </AppProviders>
    </StaticRouter>,
    request.nonce,
  );
  const head = seo.page ? serializeHeadTags(headTags(seo.page, seo.company, request.publicOrigin)) : "";
  const state: { app: InitialAppState; queries: unknown } = {
    app: { notFound, origin: request.publicOrigin },
    queries: dehydrate(queryClient),
  };
  return {
    status: seo.status,
    html: documentHtml({ head, body, state, nonce: request.nonce, assets: request.assets }),
  };
};
