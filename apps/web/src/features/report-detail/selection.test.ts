import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { keepMatching, replacePage, useSelection } from './selection';

const PAGE_1 = ['B000000001', 'B000000002', 'B000000003'];
const PAGE_2 = ['B000000004', 'B000000005', 'B000000006'];
const ALL = [...PAGE_1, ...PAGE_2];

const sorted = (set: ReadonlySet<string>) => [...set].sort();

describe('replacePage', () => {
  it("keeps other pages' choices when a page reports its selected rows", () => {
    const afterPage1 = replacePage(new Set(), PAGE_1, ['B000000001', 'B000000003']);
    const afterPage2 = replacePage(afterPage1, PAGE_2, ['B000000005']);
    expect(sorted(afterPage2)).toEqual(['B000000001', 'B000000003', 'B000000005']);
  });

  it("replaces the page's own choices: a row unticked on the page is dropped", () => {
    const current = new Set(['B000000001', 'B000000002', 'B000000005']);
    const next = replacePage(current, PAGE_1, ['B000000002']);
    expect(sorted(next)).toEqual(['B000000002', 'B000000005']);
  });

  it('clears only the page when none of its rows are selected', () => {
    const current = new Set(['B000000001', 'B000000005']);
    expect(sorted(replacePage(current, PAGE_1, []))).toEqual(['B000000005']);
  });

  it('does not change the set it was given', () => {
    const current = new Set(['B000000001']);
    replacePage(current, PAGE_1, ['B000000002']);
    expect(sorted(current)).toEqual(['B000000001']);
  });
});

describe('keepMatching', () => {
  it('drops IDs that are no longer in the filtered set', () => {
    const current = new Set(['B000000001', 'B000000004', 'B000000006']);
    expect(sorted(keepMatching(current, ['B000000004', 'B000000005']))).toEqual(['B000000004']);
  });

  it('returns the same Set object when every ID still matches', () => {
    const current = new Set(['B000000001', 'B000000004']);
    expect(keepMatching(current, ALL)).toBe(current);
  });

  it('returns the same (empty) Set object when nothing is selected', () => {
    const current = new Set<string>();
    expect(keepMatching(current, [])).toBe(current);
    expect(keepMatching(current, ALL)).toBe(current);
  });

  it('drops everything when the filtered set is empty', () => {
    expect(keepMatching(new Set(['B000000001']), []).size).toBe(0);
  });
});

describe('useSelection', () => {
  type Props = { ids: readonly string[] | undefined };
  const setup = (initial: readonly string[] | undefined = ALL) =>
    // The list the page would load: the one given, or (still loading) ALL once it comes.
    renderHook(({ ids }: Props) => useSelection(ids, () => Promise.resolve(ids ?? ALL)), {
      initialProps: { ids: initial } as Props,
    });

  it('starts empty and not all-selected', () => {
    const { result } = setup();
    expect(result.current.selected.size).toBe(0);
    expect(result.current.allSelected).toBe(false);
  });

  it('keeps a selection made on page 1 when rows are selected on page 2', () => {
    const { result } = setup();
    act(() => result.current.setPage(PAGE_1, ['B000000002']));
    act(() => result.current.setPage(PAGE_2, ['B000000004', 'B000000006']));
    expect(sorted(result.current.selected)).toEqual(['B000000002', 'B000000004', 'B000000006']);
    // Coming back to page 1 and unticking its row leaves page 2 alone.
    act(() => result.current.setPage(PAGE_1, []));
    expect(sorted(result.current.selected)).toEqual(['B000000004', 'B000000006']);
  });

  it('prunes IDs that the new filtered set no longer has', () => {
    const { result, rerender } = setup();
    act(() => result.current.setPage(PAGE_1, PAGE_1));
    act(() => result.current.setPage(PAGE_2, ['B000000005']));
    rerender({ ids: ['B000000002', 'B000000005', 'B000000009'] });
    expect(sorted(result.current.selected)).toEqual(['B000000002', 'B000000005']);
  });

  it('keeps the selection while the filtered set is loading (undefined)', () => {
    const { result, rerender } = setup();
    act(() => result.current.setPage(PAGE_1, ['B000000001']));
    rerender({ ids: undefined });
    expect(sorted(result.current.selected)).toEqual(['B000000001']);
    expect(result.current.allSelected).toBe(false);
    rerender({ ids: ALL });
    expect(sorted(result.current.selected)).toEqual(['B000000001']);
  });

  it('keeps the same selection object when a new filtered set still has every selected ID', () => {
    const { result, rerender } = setup();
    act(() => result.current.setPage(PAGE_1, ['B000000001']));
    const before = result.current.selected;
    rerender({ ids: [...ALL, 'B000000009'] });
    expect(result.current.selected).toBe(before);
  });

  it('selectAll selects every filtered ID (on every page) and reports allSelected', async () => {
    const { result } = setup();
    await act(() => result.current.selectAll());
    expect(sorted(result.current.selected)).toEqual([...ALL].sort());
    expect(result.current.allSelected).toBe(true);
  });

  it('allSelected follows the selection: true only when every filtered ID is selected', () => {
    const { result, rerender } = setup();
    act(() => result.current.setPage(PAGE_1, PAGE_1));
    expect(result.current.allSelected).toBe(false);
    act(() => result.current.setPage(PAGE_2, PAGE_2));
    expect(result.current.allSelected).toBe(true);
    act(() => result.current.setPage(PAGE_2, ['B000000004']));
    expect(result.current.allSelected).toBe(false);
    // Narrowing the filter to what is selected makes the selection complete.
    rerender({ ids: [...PAGE_1, 'B000000004'] });
    expect(result.current.allSelected).toBe(true);
  });

  it('allSelected is false for an empty filtered set', async () => {
    const { result } = setup([]);
    await act(() => result.current.selectAll());
    expect(result.current.allSelected).toBe(false);
  });

  it('selectAll made while the filtered set is loading waits for it', async () => {
    const { result, rerender } = setup(undefined);
    await act(() => result.current.selectAll());
    expect(sorted(result.current.selected)).toEqual([...ALL].sort());
    rerender({ ids: ALL });
    expect(result.current.allSelected).toBe(true);
  });

  it('selectAll keeps only what the newest filtered set has when the view changed while it waited', async () => {
    let give: (ids: readonly string[]) => void = () => {};
    const waiting = new Promise<readonly string[]>((resolve) => (give = resolve));
    const { result, rerender } = renderHook(({ ids }: Props) => useSelection(ids, () => waiting), {
      initialProps: { ids: undefined } as Props,
    });
    let clicked: Promise<void> = Promise.resolve();
    act(() => {
      clicked = result.current.selectAll();
    });
    // Narrower filters are applied and their list comes first; then the older view's list.
    rerender({ ids: PAGE_2 });
    await act(async () => {
      give(ALL);
      await clicked;
    });
    expect(sorted(result.current.selected)).toEqual(PAGE_2);
    expect(result.current.allSelected).toBe(true);
  });

  it('selectAll uses the current filtered set after it changed', async () => {
    const { result, rerender } = setup();
    rerender({ ids: PAGE_2 });
    await act(() => result.current.selectAll());
    expect(sorted(result.current.selected)).toEqual(PAGE_2);
  });

  it('clear empties the selection on every page', async () => {
    const { result } = setup();
    await act(() => result.current.selectAll());
    act(() => result.current.clear());
    expect(result.current.selected.size).toBe(0);
    expect(result.current.allSelected).toBe(false);
  });
});
