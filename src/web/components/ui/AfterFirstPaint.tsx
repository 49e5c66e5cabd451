import { type ReactNode, startTransition, useEffect, useState } from "react";

/**
 * A part of a screen below its first view, rendered once the screen above it has been painted: the screen's first
 * commit (its DOM, styles and layout in one task of the main thread) stays small, and the rest follows as a render
 * of its own (docs/decisions/110-signed-in-screens-start-lighter.md).
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    // The frame after this commit is painted, then a task after it: the browser shows the first part in between.
    let task: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      task = setTimeout(() => startTransition(() => setPainted(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(task);
    };
  }, []);
  return painted ? children : null;
}
