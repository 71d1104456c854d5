import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

export const THEME_PREFERENCES = ['dark', 'light', 'system'] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];
export type ThemeMode = 'dark' | 'light';

const STORAGE_KEY = 'crossmarket.theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

interface ThemeState {
  preference: ThemePreference;
  /** What the OS asks for right now; followed live when the preference is System. */
  systemMode: ThemeMode;
  setPreference: (preference: ThemePreference) => void;
}

const ThemeContext = createContext<ThemeState | null>(null);

function readPreference(): ThemePreference {
  try {
    const saved = window.localStorage.getItem(STORAGE_KEY);
    return THEME_PREFERENCES.includes(saved as ThemePreference) ? (saved as ThemePreference) : 'system';
  } catch {
    return 'system';
  }
}

const systemQuery = () =>
  typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : undefined;

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [preference, setPreferenceState] = useState<ThemePreference>(readPreference);
  const [systemMode, setSystemMode] = useState<ThemeMode>(() => (systemQuery()?.matches ? 'dark' : 'light'));

  useEffect(() => {
    const query = systemQuery();
    if (!query) return;
    const onChange = (event: MediaQueryListEvent) => setSystemMode(event.matches ? 'dark' : 'light');
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  const setPreference = useCallback((next: ThemePreference) => {
    setPreferenceState(next);
    try {
      window.localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // private mode: the choice lasts for this page only
    }
  }, []);

  const value = useMemo(
    () => ({ preference, systemMode, setPreference }),
    [preference, systemMode, setPreference],
  );
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useThemePreference(): ThemeState {
  const state = useContext(ThemeContext);
  if (!state) throw new Error('useThemePreference must be used inside ThemeProvider');
  return state;
}

/** The mode to paint with: auth and onboarding screens are always light (the specification). */
export function resolveThemeMode(
  preference: ThemePreference,
  systemMode: ThemeMode,
  forceLight: boolean,
): ThemeMode {
  if (forceLight) return 'light';
  return preference === 'system' ? systemMode : preference;
}
