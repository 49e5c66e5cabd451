import type { Page } from "@playwright/test";

declare global {
  interface Window {
    layoutShifts?: number[];
    shiftSources?: string[];
  }
}

/** Records every layout shift of the pages this tab opens from now on, from their first paint, with what moved. */
export async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.layoutShifts = [];
    window.shiftSources = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const shift = entry as PerformanceEntry & { value: number; sources?: { node?: Node | null }[] };
        window.layoutShifts?.push(shift.value);
        // What moved, named in a failure: the element's tag, class and text.
        for (const source of shift.sources ?? []) {
          const node = source.node instanceof Element ? source.node : source.node?.parentElement;
          window.shiftSources?.push(node ? `${node.tagName}.${node.className} "${node.textContent?.slice(0, 40)}"` : "?");
        }
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

/** The shifts recorded on the page open now: each entry's value, their sum, and what moved. */
export function layoutShiftsOf(page: Page): Promise<{ shifts: number[]; total: number; moved: string }> {
  return page.evaluate(() => {
    const shifts = window.layoutShifts ?? [];
    return { shifts, total: shifts.reduce((sum, value) => sum + value, 0), moved: (window.shiftSources ?? []).join("; ") };
  });
}
