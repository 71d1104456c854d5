import { useCallback, useState } from 'react';

/** A stored open/closed choice; storage that refuses (private mode) leaves the default. */
export function readOpen(key: string | null, fallback: boolean): boolean {
  if (key === null) return fallback;
  try {
    const saved = window.localStorage.getItem(key);
    return saved === null ? fallback : saved !== 'closed';
  } catch {
    return fallback;
  }
}

export function writeOpen(key: string | null, open: boolean) {
  if (key === null) return;
  try {
    window.localStorage.setItem(key, open ? 'open' : 'closed');
  } catch {
    // Storage refused: the choice lasts for the page only.
  }
}

/** The Filters & Settings panel's key: per user (a shared computer keeps each seller's own habit). */
export const filtersPanelKey = (userId: string | undefined) =>
  userId ? `crossmarket.report.filtersOpen.${userId}` : null;

/**
 * Whether the Filters & Settings panel is open. It starts closed, so the results come first with the
 * collapsed bar (its search, the applied filters above the table); a seller's own choice is remembered
 * (per user, on this device), except that a report opened with filters already applied starts closed
 * whatever was remembered.
 */
export function useFiltersPanelOpen(userId: string | undefined, filtersApplied: boolean) {
  const key = filtersPanelKey(userId);
  const [open, setOpen] = useState(() => !filtersApplied && readOpen(key, false));
  const change = useCallback(
    (next: boolean) => {
      setOpen(next);
      writeOpen(key, next);
    },
    [key],
  );
  return [open, change] as const;
}
