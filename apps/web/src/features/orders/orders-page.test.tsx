import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../i18n';
import { fakeApi } from '../../test/fake-api';
import { findDrawer, renderOrders } from './test/render';
import { ORDER_ID, orderDetailFixture, orderListFixture, orderRowFixture } from './test/fixtures';

const listCalls = (fetch: ReturnType<typeof fakeApi>) =>
  fetch.mock.calls
    .map(([u]) => String(u))
    .filter((u) => u.startsWith('/api/orders') && !u.includes(ORDER_ID));

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

describe('the Orders page', () => {
  it('lists orders with their state and deadline, marks those not from Crossmarket, and says how fresh each region is', async () => {
    fakeApi((url) =>
      url === '/api/orders'
        ? {
            body: orderListFixture({
              orders: [
                orderRowFixture(),
                orderRowFixture({
                  id: '0b7c2d4e-0000-4000-8000-000000000061',
                  amazon_order_id: '702-7777777-1111111',
                  title: 'A lamp sold by hand',
                  from_crossmarket: false,
                  state: 'problem',
                  reason: 'confirmation_not_kept',
                  next_deadline: { kind: 'ship_by', at: '2026-11-27T10:00:00.000Z', overdue: true },
                }),
              ],
              total: 2,
            }),
          }
        : undefined,
    );
    renderOrders('/orders');
    const table = await screen.findByTestId('orders-table');
    expect(screen.getByRole('heading', { name: 'Orders' })).toBeInTheDocument();
    expect(document.title).toBe('Crossmarket - Orders');
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getByRole('link', { name: 'Open order 702-1234567-7654321' })).toHaveAttribute(
      'href',
      `/orders/${ORDER_ID}`,
    );
    expect(within(rows[1]!).getByText('New')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Buy by:')).toBeInTheDocument();
    expect(within(rows[1]!).queryByText('Not from Crossmarket')).toBeNull();
    expect(within(rows[2]!).getByText('Not from Crossmarket')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Amazon answered, but does not show the tracking')).toBeInTheDocument();
    expect(within(rows[2]!).getByText(/overdue\)$/)).toBeInTheDocument();
    expect(screen.getByTestId('orders-freshness-na')).toHaveTextContent(/^North America: read .+\./);
    expect(screen.getByTestId('orders-freshness-eu')).toHaveTextContent(
      'Europe: not connected, so its orders do not arrive. Connect in Settings',
    );
    expect(screen.getByTestId('orders-freshness')).toHaveTextContent(/about once every three minutes/);
  });

  it('filters by what waits on the seller, state, marketplace and deadline, in the address', async () => {
    const api = fakeApi((url) => (url.startsWith('/api/orders') ? { body: orderListFixture() } : undefined));
    const { router, user } = renderOrders('/orders');
    await screen.findByTestId('orders-table');
    await user.click(screen.getByRole('button', { name: 'To buy (1)' }));
    await waitFor(() => expect(router.state.location.search).toBe('?state=new%2Cto_buy'));
    await waitFor(() => expect(listCalls(api)).toContain('/api/orders?state=new%2Cto_buy'));
    expect(screen.getByRole('button', { name: 'To buy (1)' })).toHaveAttribute('aria-pressed', 'true');

    await router.navigate('/orders?marketplace=ca&deadline=overdue&state=problem&page=2&junk=1');
    await waitFor(() =>
      expect(listCalls(api)).toContain('/api/orders?state=problem&marketplace=ca&deadline=overdue&page=2'),
    );
    expect(screen.getByLabelText('Deadline').closest('.ant-select')).toHaveTextContent('Overdue');
  });

  it('says there is no order yet, or none matching, or that the list could not be read', async () => {
    let answer: { status?: number; body: unknown } = {
      body: orderListFixture({ orders: [], total: 0 }),
    };
    fakeApi((url) => (url.startsWith('/api/orders') ? answer : undefined));
    const { router } = renderOrders('/orders');
    expect(await screen.findByTestId('orders-empty')).toHaveTextContent(/No orders yet/);

    await router.navigate('/orders?state=problem');
    expect(await screen.findByText('No order matches these filters.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear the filters' })).toBeInTheDocument();

    answer = { status: 500, body: { error: { code: 'internal', message: 'Something broke.' } } };
    await router.navigate('/orders?state=cancelled');
    expect(await screen.findByTestId('orders-error')).toHaveTextContent('Your orders could not be loaded.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('opens the order drawer from the list, in Turkish too', async () => {
    fakeApi((url) => {
      if (url === '/api/orders') return { body: orderListFixture() };
      if (url === `/api/orders/${ORDER_ID}`) return { body: orderDetailFixture() };
      return undefined;
    });
    const { router, user } = renderOrders('/orders');
    await user.click(await screen.findByRole('link', { name: 'Open order 702-1234567-7654321' }));
    const drawer = await findDrawer('Order 702-1234567-7654321');
    expect(router.state.location.pathname).toBe(`/orders/${ORDER_ID}`);
    expect(await within(drawer).findByTestId('to-buy')).toBeInTheDocument();
    await changeLanguage('tr');
    expect(await within(drawer).findByText('Alışı kaydet', { selector: 'h4' })).toBeInTheDocument();
    expect(within(drawer).getByText(/Amazon US sepetine 2 adet ekle/)).toBeInTheDocument();
  });
});
