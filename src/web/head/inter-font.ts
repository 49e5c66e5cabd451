/** Inter joins the font stack (styles.css) before the page paints when this tab fetched it before (lib/inter-font.ts). */
export function drawInInterWhenCached(cachedKey: string): void {
  try {
    if (sessionStorage.getItem(cachedKey)) document.documentElement.dataset.font = "inter";
  } catch {
    // Storage refused (private mode, policy): the page stays in the fallback font.
  }
}
