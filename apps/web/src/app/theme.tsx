import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

export const THEME_PREFERENCES = ['dark', 'light', 'system'] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];
export type ThemeMode = 'dark' | 'light';

const STORAGE_KEY = 'crossmarket.theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';
const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

interface ThemeState {
  preference: ThemePreference;
  /** What the OS asks for right now; followed live when the preference is System. */
  systemMode: ThemeMode;
  /** The OS asks for less motion (WCAG 2.3.3): antd's animations are switched off, live. */
  reducedMotion: boolean;
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

const mediaQuery = (query: string) =>
  typeof window.matchMedia === 'function' ? window.matchMedia(query) : undefined;

/** Whether a media query matches now, followed live. */
function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(() => mediaQuery(query)?.matches ?? false);
  useEffect(() => {
    const list = mediaQuery(query);
    if (!list) return;
    const onChange = (event: MediaQueryListEvent) => setMatches(event.matches);
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, [query]);
  return matches;
}

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [preference, setPreferenceState] = useState<ThemePreference>(readPreference);
  const systemMode: ThemeMode = useMediaQuery(DARK_QUERY) ? 'dark' : 'light';
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);

  const setPreference = useCallback((next: ThemePreference) => {
    setPreferenceState(next);
    try {
      window.localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // private mode: the choice lasts for this page only
    }
  }, []);

  const value = useMemo(
    () => ({ preference, systemMode, reducedMotion, setPreference }),
    [preference, systemMode, reducedMotion, setPreference],
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
