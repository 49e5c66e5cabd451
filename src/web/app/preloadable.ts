import { type ComponentType, createElement, use } from "react";

/**
 * Like React.lazy, except that a component whose code was loaded beforehand (by calling `load`)
 * renders without suspending. React.lazy suspends on its first render even then; during hydration
 * that put the Suspense fallback (the full-screen splash) in place of the server's HTML, and the
 * page jumped twice (docs/decisions/030-hydrate-what-the-server-rendered.md).
 */
export function preloadable<Props extends object>(importComponent: () => Promise<ComponentType<Props>>) {
  let loaded: ComponentType<Props> | null = null;
  let loading: Promise<ComponentType<Props>> | null = null;
  const load = () => {
    loading ??= importComponent().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        // A failed chunk is tried again on the next render (the error boundary's retry).
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  // biome-ignore lint/correctness/noComponentHookFactories: made once per module at import time, like React.lazy's.
  function Component(props: Props) {
    return createElement(loaded ?? use(load()), props);
  }
  return { load, Component };
}
