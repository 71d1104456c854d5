import {
  decodeFilters,
  encodeFilters,
  FilterCodecError,
  FILTERS,
  MAX_FILTER_TERMS,
  type ActiveFilter,
} from '@crossmarket/domain';
import { useCallback, useMemo, useState } from 'react';
import { checkDrafts, draftsFromActive, keepEqualDrafts, type Draft, type Drafts } from './filter-drafts';

/** The filters a URL's `f` carries; a string that cannot be read gives none and says so. */
export function readAppliedFilters(encoded: string): { filters: ActiveFilter[]; malformed: boolean } {
  try {
    return { filters: decodeFilters(encoded), malformed: false };
  } catch (error) {
    if (error instanceof FilterCodecError) return { filters: [], malformed: true };
    throw error;
  }
}

export type Collected =
  | { ok: true; filters: ActiveFilter[]; encoded: string }
  | { ok: false; reason: 'invalid' | 'too_long' | 'too_many_terms' };

/** What to tell the seller when the filters are valid card by card but too much as a whole. */
export const TOO_MUCH = {
  too_long: ['validation.filters.tooLong', {}],
  too_many_terms: ['validation.filters.tooManyTerms', { max: MAX_FILTER_TERMS }],
} as const;

const NO_ERRORS: Readonly<Record<string, string>> = Object.freeze({});
/** The same object when no card's error changed: a card re-renders only for a change of its own. */
const sameErrors = (current: Readonly<Record<string, string>>, next: Readonly<Record<string, string>>) => {
  const keys = Object.keys(next);
  return keys.length === Object.keys(current).length && keys.every((k) => current[k] === next[k])
    ? current
    : next;
};

/**
 * The Filters tab's cards. They start from the applied filters and follow them when those change from
 * outside (Back/Forward, a pasted link, a loaded set); edits stay drafts until applied.
 *
 * Following keeps every card whose draft is already what the applied filters say as the same object (and
 * the errors too when they did not change), so that the cards (memo) skip their render: after the seller's
 * own Apply that is all of them, and the ~100 inputs of the tab are not rebuilt while the new rows load
 * (bench: ui.click_to_paint).
 */
export function useFilterForm(
  applied: readonly ActiveFilter[],
  appliedKey: string,
  settingsDefined: boolean,
) {
  const [drafts, setDrafts] = useState<Drafts>(() => draftsFromActive(applied));
  const [errors, setErrors] = useState<Readonly<Record<string, string>>>(NO_ERRORS);

  // The encoded string is the identity: a new array of the same filters is not a change.
  const [seenKey, setSeenKey] = useState(appliedKey);
  if (seenKey !== appliedKey) {
    setSeenKey(appliedKey);
    setDrafts((current) => keepEqualDrafts(current, draftsFromActive(applied)));
    setErrors(NO_ERRORS);
  }

  const onDraft = useCallback((id: string, draft: Draft) => {
    setDrafts((current) => ({ ...current, [id]: draft }));
    // A card's error clears as soon as it changes.
    setErrors((current) => {
      if (!(id in current)) return current;
      const rest = { ...current };
      delete rest[id];
      return rest;
    });
  }, []);

  // Cards that wait for settings take no part until the report has settings.
  const usable = useMemo(
    () => FILTERS.filter((f) => settingsDefined || !f.dependsOnSettings),
    [settingsDefined],
  );

  /** The switched-on cards, checked and encoded; problems are shown on their cards. */
  const collect = useCallback((): Collected => {
    const checked = checkDrafts(drafts, usable);
    setErrors((current) => sameErrors(current, checked.errors));
    if (Object.keys(checked.errors).length > 0) return { ok: false, reason: 'invalid' };
    try {
      return { ok: true, filters: checked.filters, encoded: encodeFilters(checked.filters) };
    } catch (error) {
      if (error instanceof FilterCodecError && (error.code === 'too_long' || error.code === 'too_many_terms'))
        return { ok: false, reason: error.code };
      throw error;
    }
  }, [drafts, usable]);

  const load = useCallback((filters: readonly ActiveFilter[]) => {
    setDrafts((current) => keepEqualDrafts(current, draftsFromActive(filters)));
    setErrors(NO_ERRORS);
  }, []);

  return { drafts, errors, onDraft, collect, load };
}
