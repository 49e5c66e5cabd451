/**
 * Puts the theme's class on <html> before the page paints, so a server-rendered page never flashes the wrong theme:
 * what lib/theme.ts's readThemePreference and applyTheme do once the scripts run.
 */
export function applyStoredTheme(storageKey: string, darkSchemeQuery: string): void {
  const root = document.documentElement;
  try {
    const stored = localStorage.getItem(storageKey);
    const dark = stored === "dark" || (stored !== "light" && matchMedia(darkSchemeQuery).matches);
    root.classList.add(dark ? "dark" : "light");
  } catch {
    root.classList.add("light");
  }
}
