import { decodeFilters, encodeFilters, type FilterSet } from '@crossmarket/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers';
import '../../i18n';
import { fakeApi } from '../../test/fake-api';
import { FilterSetsPage } from './filter-sets-page';

const SET_ID = '7c1e2f3a-0000-4000-8000-000000000001';
const CONTENT = encodeFilters([
  { id: 'cross_buy_price', value: { min: 1, max: 5 } },
  { id: 'to_buybox', value: 'only' },
]);

const setFixture = (overrides: Partial<FilterSet> = {}): FilterSet => ({
  id: SET_ID,
  name: 'Cheap toys',
  content: CONTENT,
  filters_count: 2,
  created_at: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/filter-sets/:filterSetId?', element: <FilterSetsPage /> }], {
    initialEntries: [path],
  });
  // Ant Design's styles make the pointer-events check (getComputedStyle up the tree) slow in jsdom.
  const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  render(
    <AppProviders>
      <AntApp>
        <RouterProvider router={router} />
      </AntApp>
    </AppProviders>,
  );
  return { router, user };
}

const callsTo = (fetch: ReturnType<typeof fakeApi>, method: string) =>
  fetch.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === method);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the Filter Sets list', () => {
  it('says there is no filter set yet when the user has none', async () => {
    fakeApi((url) => (url === '/api/filter-sets' ? { body: [] } : undefined));
    renderAt('/filter-sets');
    expect(await screen.findByText('There is no filterset, yet.')).toBeInTheDocument();
    expect(screen.getByText('You can create a new filterset in your report view.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Filter Sets' })).toBeInTheDocument();
    expect(document.title).toBe('Crossmarket - Filter Sets');
  });

  it('lists a set with its short id and count, and explains a refused delete', async () => {
    const fetch = fakeApi((url, init) => {
      if (url === '/api/filter-sets') return { body: [setFixture()] };
      if (url === `/api/filter-sets/${SET_ID}` && init?.method === 'DELETE')
        return {
          status: 409,
          body: {
            error: {
              code: 'filter_set_in_use',
              message: 'This filter-set is already in use.',
              key: 'validation.filterSet.inUse',
            },
          },
        };
      return undefined;
    });
    const { user } = renderAt('/filter-sets');
    expect(await screen.findByText('Cheap toys')).toBeInTheDocument();
    expect(screen.getByText('7c1e2f3a')).toBeInTheDocument();
    expect(screen.getByText('2 filters')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Actions for Cheap toys' }));
    await user.click(await screen.findByText('Delete'));
    // The confirm dialog's title is also its accessible name.
    expect(await screen.findAllByText('Are you sure to delete this filter set?')).not.toHaveLength(0);
    await user.click(screen.getByText('Yes').closest('button')!);
    expect(await screen.findByText('This filter-set is already in use.')).toBeInTheDocument();
    expect(callsTo(fetch, 'DELETE').map(([url]) => String(url))).toEqual([`/api/filter-sets/${SET_ID}`]);
  });

  it('opens the edit drawer from the actions menu', async () => {
    fakeApi((url) => {
      if (url === '/api/filter-sets') return { body: [setFixture()] };
      if (url === `/api/filter-sets/${SET_ID}`) return { body: setFixture() };
      return undefined;
    });
    const { router, user } = renderAt('/filter-sets');
    await user.click(await screen.findByRole('button', { name: 'Actions for Cheap toys' }));
    await user.click(await screen.findByText('Edit Filter Set'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/filter-sets/${SET_ID}`));
    expect(await screen.findByTestId('filter-set-form')).toBeInTheDocument();
  });
});

describe('the edit drawer', () => {
  function editApi(patchAnswer: { status?: number; body: unknown } = { body: setFixture() }) {
    return fakeApi((url, init) => {
      if (url === '/api/filter-sets') return { body: [setFixture()] };
      if (url === `/api/filter-sets/${SET_ID}`)
        return init?.method === 'PATCH' ? patchAnswer : { body: setFixture() };
      return undefined;
    });
  }

  it('requires a name', async () => {
    const fetch = editApi();
    const { user } = renderAt(`/filter-sets/${SET_ID}`);
    const name = await screen.findByLabelText<HTMLInputElement>('Filter set name');
    expect(name.value).toBe('Cheap toys');
    await user.clear(name);
    await user.click(screen.getByText('Save').closest('button')!);
    expect(await screen.findByText('Please input filter set name.')).toBeInTheDocument();
    expect(callsTo(fetch, 'PATCH')).toHaveLength(0);
  });

  it('saves the name and the checked filters encoded, then returns to the list', async () => {
    const fetch = editApi();
    const { router, user } = renderAt(`/filter-sets/${SET_ID}`);
    const name = await screen.findByLabelText<HTMLInputElement>('Filter set name');
    await user.clear(name);
    await user.type(name, 'Cheaper toys');
    const card = screen.getByTestId('filter-cross_buy_price');
    const min = within(card).getByLabelText<HTMLInputElement>('Buy Price Min');
    expect(min.value).toBe('1');
    await user.clear(min);
    await user.type(min, '2');
    // The BuyBox card of the selling side is switched off.
    await user.click(within(screen.getByTestId('filter-to_buybox')).getByRole('switch'));
    await user.click(screen.getByText('Save').closest('button')!);

    await waitFor(() => expect(callsTo(fetch, 'PATCH')).toHaveLength(1));
    const [url, init] = callsTo(fetch, 'PATCH')[0]!;
    expect(String(url)).toBe(`/api/filter-sets/${SET_ID}`);
    const body = JSON.parse(String(init?.body)) as { name: string; content: string };
    expect(body.name).toBe('Cheaper toys');
    expect(decodeFilters(body.content)).toEqual([{ id: 'cross_buy_price', value: { min: 2, max: 5 } }]);
    expect(await screen.findByText('Filter Updated')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/filter-sets'));
  });

  it('needs at least one filter', async () => {
    const fetch = editApi();
    const { user } = renderAt(`/filter-sets/${SET_ID}`);
    await screen.findByLabelText('Filter set name');
    await user.click(within(screen.getByTestId('filter-cross_buy_price')).getByRole('switch'));
    await user.click(within(screen.getByTestId('filter-to_buybox')).getByRole('switch'));
    await user.click(screen.getByText('Save').closest('button')!);
    expect(await screen.findByText('At least 1 filter must be activated.')).toBeInTheDocument();
    expect(callsTo(fetch, 'PATCH')).toHaveLength(0);
  });

  it('says Failed when the save fails', async () => {
    editApi({ status: 500, body: { error: { code: 'internal', message: 'boom' } } });
    const { router, user } = renderAt(`/filter-sets/${SET_ID}`);
    await screen.findByLabelText('Filter set name');
    await user.click(screen.getByText('Save').closest('button')!);
    expect(await screen.findByText('Failed')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/filter-sets/${SET_ID}`);
  });

  it("says so when the set is not the user's", async () => {
    fakeApi((url) => (url === '/api/filter-sets' ? { body: [] } : undefined));
    renderAt(`/filter-sets/${SET_ID}`);
    expect(await screen.findByText('This filter set was not found.')).toBeInTheDocument();
  });
});
