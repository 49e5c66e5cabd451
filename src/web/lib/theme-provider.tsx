import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from "react";
import { applyTheme, DARK_SCHEME_QUERY, readThemePreference, THEME_STORAGE_KEY, type ThemePreference } from "./theme";

type ThemeContextValue = { preference: ThemePreference; setPreference: (preference: ThemePreference) => void };

const ThemeContext = createContext<ThemeContextValue>({ preference: "system", setPreference: () => {} });

export function ThemeProvider({ children }: { children: ReactNode }) {
  // The server cannot know the stored choice; the boot script already set the class, and the
  // switch shows the stored choice once mounted.
  const [preference, setPreferenceState] = useState<ThemePreference>("system");

  useEffect(() => setPreferenceState(readThemePreference()), []);

  useEffect(() => {
    applyTheme(preference);
    if (preference !== "system") return;
    const media = window.matchMedia(DARK_SCHEME_QUERY);
    const follow = () => applyTheme("system");
    media.addEventListener("change", follow);
    return () => media.removeEventListener("change", follow);
  }, [preference]);

  const setPreference = useCallback((next: ThemePreference) => {
    try {
      localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // Storage can be unavailable (private mode); the choice then lasts for this page only.
    }
    setPreferenceState(next);
  }, []);

  return <ThemeContext.Provider value={{ preference, setPreference }}>{children}</ThemeContext.Provider>;
}

export const useTheme = () => useContext(ThemeContext);
