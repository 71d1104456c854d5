import {
  decodeFilters,
  encodeFilters,
  FilterCodecError,
  FILTERS,
  MAX_FILTER_TERMS,
  type ActiveFilter,
} from '@crossmarket/domain';
import { useCallback, useMemo, useState } from 'react';
import { checkDrafts, draftsFromActive, type Draft, type Drafts } from './filter-drafts';

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

/**
 * The Filters tab's cards. They start from the applied filters and follow them when those change from
 * outside (Back/Forward, a pasted link, a loaded set); edits stay drafts until applied.
 */
export function useFilterForm(
  applied: readonly ActiveFilter[],
  appliedKey: string,
  settingsDefined: boolean,
) {
  const [drafts, setDrafts] = useState<Drafts>(() => draftsFromActive(applied));
  const [errors, setErrors] = useState<Readonly<Record<string, string>>>({});

  // The encoded string is the identity: a new array of the same filters is not a change.
  const [seenKey, setSeenKey] = useState(appliedKey);
  if (seenKey !== appliedKey) {
    setSeenKey(appliedKey);
    setDrafts(draftsFromActive(applied));
    setErrors({});
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
    setErrors(checked.errors);
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
    setDrafts(draftsFromActive(filters));
    setErrors({});
  }, []);

  return { drafts, errors, onDraft, collect, load };
}
