import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import '../../../i18n';
import { fakeApi } from '../../../test/fake-api';
import { orderListFixture } from '../test/fixtures';
import { OrdersNavLabel } from './orders-nav-label';

afterEach(() => vi.unstubAllGlobals());

const counts = { to_buy: 2, to_ship: 1, problem: 1, overdue: 1, needs_action: 4 };

describe("the sidebar's Orders entry", () => {
  it('shows how many orders need the seller, read from the smallest page of the list', async () => {
    const api = fakeApi((url) =>
      url === '/api/orders?page_size=1' ? { body: orderListFixture({ counts }) } : undefined,
    );
    render(
      <AppProviders>
        <OrdersNavLabel />
      </AppProviders>,
    );
    expect(await screen.findByTestId('nav-orders-count')).toHaveTextContent('4');
    expect(screen.getByTestId('nav-orders')).toHaveTextContent('Orders 4 4 orders need you');
    expect(api).toHaveBeenCalledTimes(1);
  });

  it('shows the name alone when nothing waits, or when the count cannot be read', async () => {
    const api = fakeApi(() => ({ status: 500, body: { error: { code: 'internal', message: 'x' } } }));
    render(
      <AppProviders>
        <OrdersNavLabel />
      </AppProviders>,
    );
    await vi.waitFor(() => expect(api).toHaveBeenCalled());
    expect(screen.getByTestId('nav-orders')).toHaveTextContent(/^Orders$/);
    expect(screen.queryByTestId('nav-orders-count')).toBeNull();
  });
});
