import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { type SeoCollector, SeoProvider } from "../lib/seo";
import { ThemeProvider } from "../lib/theme-provider";
import { InitialStateProvider } from "./initial-state";

/** Everything the screens rely on, the same on the server and in the browser. */
export function AppProviders(props: { queryClient: QueryClient; seo: SeoCollector; notFound: boolean; children: ReactNode }) {
  return (
    <QueryClientProvider client={props.queryClient}>
      <SeoProvider collector={props.seo}>
        <InitialStateProvider notFound={props.notFound}>
          <ThemeProvider>{props.children}</ThemeProvider>
        </InitialStateProvider>
      </SeoProvider>
    </QueryClientProvider>
  );
}
