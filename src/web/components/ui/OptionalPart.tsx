import { Component, type ReactNode, Suspense } from "react";

/** Nothing in place of a failed part: the screen around it goes on working. */
class NothingOnError extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * A part of a screen that reads its own data (`useApiData`): nothing while the data loads or if it cannot be loaded.
 * When the data came with the page's HTML, the part is there from the first paint.
 */
export function OptionalPart({ children }: { children: ReactNode }) {
  return (
    <NothingOnError>
      <Suspense fallback={null}>{children}</Suspense>
    </NothingOnError>
  );
}
