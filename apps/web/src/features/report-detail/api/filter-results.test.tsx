import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import {
  fetchFilterResults,
  useFilterResults,
  usePrefetchFilterResults,
  type FiltersView,
} from './filter-results';
import { reportDetailKeys } from './keys';
import { invalidateReportResults } from './results-cache';

const REPORT = '00000000-0000-4000-8000-000000000001';
const view = (over: Partial<FiltersView> = {}): FiltersView => ({
  report_id: REPORT,
  filters: '',
  limit: 20,
  skip: 0,
  sort_key: 'ppr',
  sort_direction: 'desc',
  ...over,
});

/** A server holding `ids` as the matching products; records what each call asked for. */
function server(ids: () => string[]) {
  const asked: boolean[] = [];
  const fetchMock = fakeApi((url, init) => {
    if (url !== '/v1/filters') return undefined;
    const body = JSON.parse(String(init?.body)) as { with_ids: boolean };
    asked.push(body.with_ids);
    const all = ids();
    return {
      body: {
        total: 100,
        filtered_count: all.length,
        settings_defined: true,
        categories: [],
        bsr_categories: [],
        data: [],
        ...(body.with_ids && { filtered_ids: all }),
      },
    };
  });
  return { asked, fetchMock };
}

afterEach(() => vi.unstubAllGlobals());

describe('fetchFilterResults', () => {
  it('asks for the ID list when the filters change, not on page or sort changes', async () => {
    const client = new QueryClient();
    const { asked } = server(() => ['B1', 'B2', 'B3']);
    expect((await fetchFilterResults(client, view())).filtered_ids).toEqual(['B1', 'B2', 'B3']);
    expect((await fetchFilterResults(client, view({ skip: 20 }))).filtered_ids).toEqual(['B1', 'B2', 'B3']);
    await fetchFilterResults(client, view({ sort_key: 'cost', sort_direction: 'asc' }));
    await fetchFilterResults(client, view({ filters: 'abc' }));
    expect(asked).toEqual([true, false, false, true]);
    expect(client.getQueryData(reportDetailKeys.filteredIdsOf(REPORT, 'abc'))).toEqual(['B1', 'B2', 'B3']);
  });

  it('asks again when the held list no longer matches the count (a report still filling up)', async () => {
    const client = new QueryClient();
    let ids = ['B1'];
    const { asked } = server(() => ids);
    await fetchFilterResults(client, view());
    ids = ['B1', 'B2'];
    const next = await fetchFilterResults(client, view({ skip: 20 }));
    expect(asked).toEqual([true, false, true]);
    expect(next.filtered_ids).toEqual(['B1', 'B2']);
    expect(next.filtered_count).toBe(2);
  });

  it('forgets the held lists of a report whose prices changed', async () => {
    const client = new QueryClient();
    const { asked } = server(() => ['B1']);
    await fetchFilterResults(client, view());
    await invalidateReportResults(client, REPORT);
    await fetchFilterResults(client, view({ skip: 20 }));
    expect(asked).toEqual([true, true]);
  });
});

describe('usePrefetchFilterResults', () => {
  it('starts the view’s call that the page’s query then shares (one call, not two)', async () => {
    const client = new QueryClient();
    const { asked } = server(() => ['B1']);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const prefetch = renderHook(() => usePrefetchFilterResults(), { wrapper }).result.current;
    prefetch(view({ filters: 'abc' }));
    await waitFor(() => expect(asked).toHaveLength(1));
    // The same view built again (a new object, same fields) is the same query.
    const { result } = renderHook(() => useFilterResults(view({ filters: 'abc' })), { wrapper });
    await waitFor(() => expect(result.current.data?.filtered_count).toBe(1));
    expect(asked).toEqual([true]);
  });
});
