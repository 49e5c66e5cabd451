import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useLocation, useOutlet } from "react-router";

const DURATION_MS = 180;
// Opacity only: a transform would make the full-screen splash inside the outlet relative to it.
const EXIT: Keyframe[] = [{ opacity: 1 }, { opacity: 0 }];
const ENTER: Keyframe[] = [{ opacity: 0 }, { opacity: 1 }];

const prefersReducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/**
 * docs/product.md#app-shell: route changes animate in 'wait' mode: the old screen finishes leaving before the new
 * one enters. Done with the Web Animations API rather than an animation library, which would
 * cost a fifth of the first page's JavaScript budget.
 */
export function AnimatedOutlet() {
  const { pathname } = useLocation();
  const outlet = useOutlet();
  const container = useRef<HTMLDivElement>(null);
  // The path on screen; it lags behind the location while the old screen leaves.
  const [shownPath, setShownPath] = useState(pathname);
  const leavingOutlet = useRef<ReactNode>(outlet);
  if (shownPath === pathname) leavingOutlet.current = outlet;
  const entering = useRef(false);

  useEffect(() => {
    if (shownPath === pathname) return;
    const swap = () => {
      entering.current = true;
      setShownPath(pathname);
    };
    const element = container.current;
    if (!element || prefersReducedMotion()) return swap();
    const exit = element.animate(EXIT, { duration: DURATION_MS, easing: "ease-in", fill: "forwards" });
    exit.finished.then(swap, () => {});
    return () => exit.cancel();
  }, [pathname, shownPath]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each swap of the screen shown.
  useLayoutEffect(() => {
    if (!entering.current) return;
    entering.current = false;
    window.scrollTo({ top: 0 });
    if (!prefersReducedMotion()) container.current?.animate(ENTER, { duration: DURATION_MS, easing: "ease-out" });
  }, [shownPath]);

  return <div ref={container}>{shownPath === pathname ? outlet : leavingOutlet.current}</div>;
}
