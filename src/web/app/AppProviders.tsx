import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { AuthProvider } from "../features/auth/AuthProvider";
import { type SeoCollector, SeoProvider } from "../lib/seo";
import { InitialStateProvider } from "./initial-state";
import { ThemeProvider } from "./theme-provider";

/** Everything the screens rely on, the same on the server and in the browser. */
export function AppProviders(props: { queryClient: QueryClient; seo: SeoCollector; notFound: boolean; children: ReactNode }) {
  return (
    <QueryClientProvider client={props.queryClient}>
      <SeoProvider collector={props.seo}>
        <InitialStateProvider notFound={props.notFound}>
          <ThemeProvider>
            <AuthProvider>{props.children}</AuthProvider>
          </ThemeProvider>
        </InitialStateProvider>
      </SeoProvider>
    </QueryClientProvider>
  );
}
