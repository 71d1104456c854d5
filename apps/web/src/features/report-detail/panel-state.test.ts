import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { filtersPanelKey, useFiltersPanelOpen } from './panel-state';

describe('useFiltersPanelOpen', () => {
  afterEach(() => window.localStorage.clear());

  it('starts closed, and remembers a seller’s choice for that seller only', () => {
    const first = renderHook(() => useFiltersPanelOpen('user-a', false));
    expect(first.result.current[0]).toBe(false);
    act(() => first.result.current[1](true));
    expect(first.result.current[0]).toBe(true);
    expect(window.localStorage.getItem(filtersPanelKey('user-a')!)).toBe('open');

    expect(renderHook(() => useFiltersPanelOpen('user-a', false)).result.current[0]).toBe(true);
    expect(renderHook(() => useFiltersPanelOpen('user-b', false)).result.current[0]).toBe(false);
  });

  it('starts closed when the report opens with filters applied, whatever was remembered', () => {
    window.localStorage.setItem(filtersPanelKey('user-a')!, 'open');
    const { result } = renderHook(() => useFiltersPanelOpen('user-a', true));
    expect(result.current[0]).toBe(false);
    // Opening it is the seller's choice again, and is remembered.
    act(() => result.current[1](true));
    expect(window.localStorage.getItem(filtersPanelKey('user-a')!)).toBe('open');
  });

  it('keeps nothing before the account is known', () => {
    const { result } = renderHook(() => useFiltersPanelOpen(undefined, false));
    act(() => result.current[1](true));
    expect(result.current[0]).toBe(true);
    expect(window.localStorage.length).toBe(0);
  });
});
