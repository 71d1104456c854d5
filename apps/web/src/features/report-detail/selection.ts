import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';

/**
 * Which products are selected, keyed by product ID so a selection survives paging. When the filtered
 * set changes, IDs that no longer match are dropped: an export of "selected" never carries a product the
 * seller can no longer see. `filteredIds` is undefined until the view's list is in; `loadIds` waits for it
 * (Select All clicked first).
 */
export function useSelection(
  filteredIds: readonly string[] | undefined,
  loadIds: () => Promise<readonly string[]>,
) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());

  const [seenIds, setSeenIds] = useState(filteredIds);
  if (seenIds !== filteredIds) {
    setSeenIds(filteredIds);
    if (filteredIds) setSelected((current) => keepMatching(current, filteredIds));
  }

  const setPage = useCallback(
    (pageIds: readonly string[], selectedOnPage: readonly string[]) =>
      setSelected((current) => replacePage(current, pageIds, selectedOnPage)),
    [],
  );
  // The view may change while Select All waits for its list: what the newest list no longer has goes.
  const newest = useRef(filteredIds);
  useLayoutEffect(() => {
    newest.current = filteredIds;
  });
  const selectAll = useCallback(async () => {
    const all = new Set(await loadIds());
    setSelected(newest.current ? keepMatching(all, newest.current) : all);
  }, [loadIds]);
  const clear = useCallback(() => setSelected(new Set()), []);
  const allSelected = useMemo(
    () => !!filteredIds && filteredIds.length > 0 && filteredIds.every((id) => selected.has(id)),
    [filteredIds, selected],
  );
  return { selected, setPage, selectAll, clear, allSelected };
}

/** The selection with only the IDs that are still in the filtered set (the same set when nothing goes). */
export function keepMatching(current: ReadonlySet<string>, filteredIds: readonly string[]) {
  if (current.size === 0) return current;
  const matching = new Set(filteredIds);
  const kept = new Set([...current].filter((id) => matching.has(id)));
  return kept.size === current.size ? current : kept;
}

/** The selection after the table reported the page's selected rows: other pages' choices stay. */
export function replacePage(
  current: ReadonlySet<string>,
  pageIds: readonly string[],
  selectedOnPage: readonly string[],
) {
  const next = new Set(current);
  for (const id of pageIds) next.delete(id);
  for (const id of selectedOnPage) next.add(id);
  return next;
}
