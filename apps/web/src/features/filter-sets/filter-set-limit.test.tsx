import { encodeFilters, FILTER_SET_LIMITS, type FilterSet } from '@crossmarket/domain';
import { render, screen } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers';
import '../../i18n';
import { fakeApi, meFixture } from '../../test/fake-api';
import { FilterSetsPage } from './filter-sets-page';

/** The signed-in account on the Small plan. */
function smallPlanMe() {
  const me = meFixture();
  return { ...me, user_data: { ...me.user_data, plan: { ...me.user_data.plan, code: 'S', name: 'Small' } } };
}

const id = (i: number) => `7c1e2f3a-0000-4000-8000-${String(i).padStart(12, '0')}`;
const setsOf = (n: number): FilterSet[] =>
  Array.from({ length: n }, (_, i) => ({
    id: id(i),
    name: `Set ${i}`,
    content: encodeFilters([{ id: 'cross_buy_price', value: { min: 1, max: 5 } }]),
    filters_count: 1,
    created_at: '2026-11-20T10:00:00.000Z',
  }));

function renderPage(path: string, element: React.ReactNode, pattern = path) {
  const router = createMemoryRouter([{ path: pattern, element }], { initialEntries: [path] });
  render(
    <AppProviders>
      <AntApp>
        <RouterProvider router={router} />
      </AntApp>
    </AppProviders>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the plan's filter-set limit", () => {
  it('the Filter Sets page says the limit is reached', async () => {
    const limit = FILTER_SET_LIMITS.S;
    fakeApi((url) => {
      if (url === '/api/me') return { body: smallPlanMe() };
      if (url === '/api/filter-sets') return { body: setsOf(limit) };
      return undefined;
    });
    renderPage('/filter-sets', <FilterSetsPage />, '/filter-sets/:filterSetId?');
    expect(await screen.findByTestId('filter-sets-limit')).toHaveTextContent(
      `Your plan allows ${limit} filter sets. Delete one to save another, or upgrade your plan.`,
    );
  });

  it('says nothing below it', async () => {
    fakeApi((url) => {
      if (url === '/api/me') return { body: smallPlanMe() };
      if (url === '/api/filter-sets') return { body: setsOf(FILTER_SET_LIMITS.S - 1) };
      return undefined;
    });
    renderPage('/filter-sets', <FilterSetsPage />, '/filter-sets/:filterSetId?');
    expect(await screen.findByText('Set 0')).toBeInTheDocument();
    expect(screen.queryByTestId('filter-sets-limit')).toBeNull();
  });
});
