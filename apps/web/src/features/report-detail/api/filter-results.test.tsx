import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { useCharts } from './charts';
import { usePrefetchFilterResults, useViewResults, type FiltersView } from './filter-results';
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

/** A server holding `ids` as the matching products; records whether each call asked for the ID list. */
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

// The hook's results are read after its renders here, so every change re-renders (not only the fields a
// render read, as the page has it).
const newClient = () => new QueryClient({ defaultOptions: { queries: { notifyOnChangeProps: 'all' } } });

function renderView(client: QueryClient, first: FiltersView) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook((request: FiltersView) => useViewResults(request), { wrapper, initialProps: first });
}

/** A view whose list ['B1', 'B2'] is in, on a server that now matches `matching` (['B2', 'B3']). */
let matching: string[] = [];
async function listedThenChanged() {
  const client = newClient();
  matching = ['B1', 'B2'];
  const { asked } = server(() => matching);
  const { result } = renderView(client, view());
  await waitFor(() => expect(result.current.ids.isSuccess).toBe(true));
  matching = ['B2', 'B3'];
  return { client, asked, result };
}

describe('useViewResults', () => {
  it('shows the page without the ID list, then asks for the list once', async () => {
    const { asked } = server(() => ['B1', 'B2', 'B3']);
    const { result } = renderView(newClient(), view());
    await waitFor(() => expect(result.current.ids.data).toEqual(['B1', 'B2', 'B3']));
    expect(result.current.results.data?.filtered_ids).toBeUndefined();
    expect(asked).toEqual([false, true]);
  });

  it('keeps the list over page and sort changes, and asks again for new filters', async () => {
    const { asked } = server(() => ['B1', 'B2', 'B3']);
    const { result, rerender } = renderView(newClient(), view());
    await waitFor(() => expect(result.current.ids.isSuccess).toBe(true));
    rerender(view({ skip: 20 }));
    // Still offered while the page is on its way: a Remove All does not turn back into Select All.
    expect(result.current.ids.data).toEqual(['B1', 'B2', 'B3']);
    await waitFor(() => expect(result.current.results.isPlaceholderData).toBe(false));
    rerender(view({ sort_key: 'cost', sort_direction: 'asc' }));
    expect(result.current.ids.data).toEqual(['B1', 'B2', 'B3']);
    await waitFor(() => expect(result.current.results.isPlaceholderData).toBe(false));
    expect(result.current.ids.data).toEqual(['B1', 'B2', 'B3']);
    expect(asked).toEqual([false, true, false, false]);
    rerender(view({ filters: 'abc' }));
    // Until the new view's page is in, no list is offered as the new view's.
    expect(result.current.ids.data).toBeUndefined();
    await waitFor(() => expect(result.current.ids.data).toEqual(['B1', 'B2', 'B3']));
    expect(asked).toEqual([false, true, false, false, false, true]);
  });

  it('asks again when the count moved (a report still filling up)', async () => {
    let ids = ['B1'];
    const { asked } = server(() => ids);
    const { result, rerender } = renderView(newClient(), view());
    await waitFor(() => expect(result.current.ids.data).toEqual(['B1']));
    ids = ['B1', 'B2'];
    rerender(view({ skip: 20 }));
    await waitFor(() => expect(result.current.ids.data).toEqual(['B1', 'B2']));
    expect(asked).toEqual([false, true, false, true]);
  });

  it('asks once more, not on and on, when the list stays longer than an older page', async () => {
    // A report still filling up: each list is answered a product later than the page before it.
    const asked: boolean[] = [];
    let pages = 0;
    fakeApi((url, init) => {
      if (url !== '/v1/filters') return undefined;
      const withIds = (JSON.parse(String(init?.body)) as { with_ids: boolean }).with_ids;
      asked.push(withIds);
      if (!withIds) pages += 1;
      // Pages count 1, then 3; each list has one product more than the page before it.
      const count = 2 * pages - 1 + (withIds ? 1 : 0);
      const all = Array.from({ length: count }, (_, i) => `B${i + 1}`);
      const base = { total: 10, filtered_count: count, settings_defined: true, categories: [] };
      return { body: { ...base, bsr_categories: [], data: [], ...(withIds && { filtered_ids: all }) } };
    });
    const { result, rerender } = renderView(newClient(), view());
    await waitFor(() => expect(result.current.ids.data).toEqual(['B1', 'B2']));
    rerender(view({ skip: 20 }));
    await waitFor(() => expect(result.current.ids.data).toHaveLength(4));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toEqual([false, true, false, true]);
  });

  it('asks for the list again when the prices changed, the same count or not', async () => {
    const { client, asked, result } = await listedThenChanged();
    await act(() => invalidateReportResults(client, REPORT));
    await waitFor(() => expect(result.current.ids.data).toEqual(['B2', 'B3']));
    expect(asked.filter(Boolean)).toHaveLength(2);
    // A click made before the next change gets the list it saw; one made after it, the new list.
    matching = ['B4', 'B5'];
    const clicked = result.current.loadIds();
    void invalidateReportResults(client, REPORT);
    expect(await clicked).toEqual(['B2', 'B3']);
    await act(async () => {
      expect(await result.current.loadIds()).toEqual(['B4', 'B5']);
    });
  });

  it('while restrictions come in, leaves the list to be asked for when a click needs it', async () => {
    const { client, asked, result } = await listedThenChanged();
    await act(() => invalidateReportResults(client, REPORT, { refetchLists: false }));
    // The page only: the list on screen stays (the same count).
    expect(asked).toEqual([false, true, false]);
    expect(result.current.ids.data).toEqual(['B1', 'B2']);
    await act(async () => {
      expect(await result.current.loadIds()).toEqual(['B2', 'B3']);
    });
    expect(asked).toEqual([false, true, false, true]);
  });

  it('gives a click made before the list is in the list, with one call for it', async () => {
    const { asked } = server(() => ['B1', 'B2']);
    const { result } = renderView(newClient(), view());
    let listed: readonly string[] = [];
    await act(async () => {
      listed = await result.current.loadIds();
    });
    expect(listed).toEqual(['B1', 'B2']);
    await waitFor(() => expect(result.current.ids.data).toEqual(['B1', 'B2']));
    expect(asked).toEqual([false, true]);
  });

  it('asks for a failed list again when a click needs it', async () => {
    let fail = true;
    const fetchMock = fakeApi((url, init) => {
      if (url !== '/v1/filters') return undefined;
      const withIds = (JSON.parse(String(init?.body)) as { with_ids: boolean }).with_ids;
      if (withIds && fail)
        return { status: 503, body: { error: { code: 'database_busy', message: 'Busy.' } } };
      const base = {
        total: 1,
        filtered_count: 1,
        settings_defined: true,
        categories: [],
        bsr_categories: [],
      };
      return { body: { ...base, data: [], ...(withIds && { filtered_ids: ['B1'] }) } };
    });
    const { result } = renderView(newClient(), view());
    await waitFor(() => expect(result.current.ids.isError).toBe(true));
    // The rows stay.
    expect(result.current.results.data?.filtered_count).toBe(1);
    fail = false;
    let listed: readonly string[] = [];
    await act(async () => {
      listed = await result.current.loadIds();
    });
    expect(listed).toEqual(['B1']);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});

describe('the charts follow the page on screen', () => {
  it('ask for a new view only once its page is in, never beside it', async () => {
    // Every call in order; a new view's page is held until released.
    const calls: string[] = [];
    let release = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        const body = JSON.parse(String(init?.body)) as { filters: string; with_ids?: boolean };
        const kind = url === '/v1/charts' ? 'charts' : body.with_ids ? 'ids' : 'page';
        calls.push(`${kind}:${body.filters}`);
        if (kind === 'page' && body.filters === 'new') await new Promise<void>((r) => (release = r));
        const answer =
          kind === 'charts'
            ? { filtered_count: 1 }
            : {
                total: 1,
                filtered_count: 1,
                settings_defined: true,
                categories: [],
                bsr_categories: [],
                data: [],
                ...(kind === 'ids' && { filtered_ids: ['B1'] }),
              };
        return new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } });
      }),
    );
    const client = newClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    // As the page wires them: the charts ask for the shown filters, once there are any.
    const { result, rerender } = renderHook(
      (request: FiltersView) => {
        const viewResults = useViewResults(request);
        const charts = useCharts(
          { report_id: REPORT, filters: viewResults.shownFilters ?? request.filters },
          viewResults.shownFilters !== undefined,
        );
        return { ...viewResults, charts };
      },
      { wrapper, initialProps: view({ filters: 'old' }) },
    );
    await waitFor(() => expect(result.current.charts.isSuccess).toBe(true));
    expect(calls[0]).toBe('page:old');
    expect(calls.slice(1).sort()).toEqual(['charts:old', 'ids:old']);

    calls.length = 0;
    rerender(view({ filters: 'new' }));
    await waitFor(() => expect(calls).toEqual(['page:new']));
    // The page is on its way: the charts (and the list) wait; the last ones stay on screen.
    await new Promise((r) => setTimeout(r, 30));
    expect(calls).toEqual(['page:new']);
    expect(result.current.shownFilters).toBe('old');
    expect(result.current.charts.data).toEqual({ filtered_count: 1 });
    act(() => release());
    await waitFor(() => expect(calls.slice(1).sort()).toEqual(['charts:new', 'ids:new']));
    expect(result.current.shownFilters).toBe('new');
  });
});

describe('usePrefetchFilterResults', () => {
  it('starts the view’s call that the page’s query then shares (one call, not two)', async () => {
    const client = newClient();
    const { asked } = server(() => ['B1']);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const prefetch = renderHook(() => usePrefetchFilterResults(), { wrapper }).result.current;
    prefetch(view({ filters: 'abc' }));
    await waitFor(() => expect(asked).toHaveLength(1));
    // The same view built again (a new object, same fields) is the same query.
    const { result } = renderHook(() => useViewResults(view({ filters: 'abc' })), { wrapper });
    await waitFor(() => expect(result.current.ids.isSuccess).toBe(true));
    expect(asked).toEqual([false, true]);
  });
});
