import { Component, type ErrorInfo, type ReactNode } from "react";
import { wording } from "../../shared/wording";
import { buttonClass } from "../components/ui/Button";
import { trackException } from "../lib/analytics";
import { loadToasts } from "./toast-outlet";

type State = { failed: boolean };

/** docs/product.md#app-shell: an unhandled rendering error shows the fallback screen, a toast and an analytics event. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    void loadToasts().then(({ toast }) => toast.error(`${wording.unhandledApplicationError}${error.message}`));
    trackException(error.message, true);
    console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return <ErrorFallback />;
  }
}

export function ErrorFallback() {
  const clearAndRestart = () => {
    localStorage.clear();
    sessionStorage.clear();
    window.location.assign("/");
  };
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-3xl font-bold">Something went wrong</h1>
      <p className="max-w-md text-brand-700 dark:text-neutral-light">
        We apologize for the inconvenience. Please try refreshing the page or contact support if the problem persists.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <button type="button" className={buttonClass("primary")} onClick={() => window.location.reload()}>
          Refresh Page
        </button>
        <button type="button" className={buttonClass("secondary")} onClick={clearAndRestart}>
          Clear Cache &amp; Restart
        </button>
      </div>
    </main>
  );
}
