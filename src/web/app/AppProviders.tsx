import type { ReactNode } from "react";
import { type SeoCollector, SeoProvider } from "../lib/seo";
import { type RenderedPortal, RenderedPortalContext } from "../lib/session/rendered-session";
import { type SiteData, SiteDataProvider } from "../lib/site-data";
import { ThemeProvider } from "../lib/theme-provider";
import { InitialStateProvider } from "./initial-state";

/**
 * Everything the screens rely on, the same on the server and in the browser. The portal's query cache comes
 * with its session (AuthProvider): a public page does not load it. `renderedPortal`: the session and answers of a
 * screen rendered for its viewer (rendered-session.ts).
 */
export function AppProviders(props: {
  siteData: SiteData;
  seo: SeoCollector;
  notFound: boolean;
  renderedPortal?: RenderedPortal | null;
  children: ReactNode;
}) {
  return (
    <SiteDataProvider value={props.siteData}>
      <SeoProvider collector={props.seo}>
        <InitialStateProvider notFound={props.notFound}>
          <RenderedPortalContext.Provider value={props.renderedPortal ?? null}>
            <ThemeProvider>{props.children}</ThemeProvider>
          </RenderedPortalContext.Provider>
        </InitialStateProvider>
      </SeoProvider>
    </SiteDataProvider>
  );
}
