import type { ReactNode } from "react";
import { type SeoCollector, SeoProvider } from "../lib/seo";
import { type SiteData, SiteDataProvider } from "../lib/site-data";
import { ThemeProvider } from "../lib/theme-provider";
import { InitialStateProvider } from "./initial-state";

/**
 * Everything the screens rely on, the same on the server and in the browser. The portal's query cache comes
 * with its session (AuthProvider): a public page does not load it.
 */
export function AppProviders(props: { siteData: SiteData; seo: SeoCollector; notFound: boolean; children: ReactNode }) {
  return (
    <SiteDataProvider value={props.siteData}>
      <SeoProvider collector={props.seo}>
        <InitialStateProvider notFound={props.notFound}>
          <ThemeProvider>{props.children}</ThemeProvider>
        </InitialStateProvider>
      </SeoProvider>
    </SiteDataProvider>
  );
}
