import type { AppNotification } from '@crossmarket/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers';
import i18n, { changeLanguage } from '../../i18n';
import { fakeApi } from '../../test/fake-api';
import { NotificationsBell } from './components/notifications-bell';
import { NotificationsPage } from './notifications-page';

const note = (o: Partial<AppNotification>): AppNotification => ({
  id: '00000000-0000-4000-8000-000000000001',
  watch_id: '00000000-0000-4000-8000-0000000000a1',
  marketplace: 'us',
  asin: 'B000000001',
  inventory_id: null,
  product_count: null,
  profit_percent: null,
  restriction: null,
  condition: 'price_at_or_below',
  price: 9.5,
  currency: 'USD',
  created_at: new Date(Date.now() - 2 * 3_600_000).toISOString(),
  read: false,
  ...o,
});

beforeEach(async () => {
  if (i18n.language !== 'en') await changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

type Answer = { status?: number; body: unknown };

function renderPage(answer: () => Answer) {
  const fetch = fakeApi((url, init) => {
    if (url === '/api/notifications') return answer();
    if (/^\/api\/notifications\/[\w-]+\/read$/.test(url) && init?.method === 'POST') return { body: null };
    return undefined;
  });
  const router = createMemoryRouter(
    [
      {
        path: '/notifications',
        element: (
          <>
            <NotificationsBell />
            <NotificationsPage />
          </>
        ),
      },
    ],
    { initialEntries: ['/notifications'] },
  );
  render(
    <AppProviders>
      <AntApp>
        <RouterProvider router={router} />
      </AntApp>
    </AppProviders>,
  );
  return { fetch, user: userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never }) };
}

describe('notifications: the bell and the list', () => {
  it('counts the unread in the bell, lists them, opens the product and marks one read', async () => {
    let notifications = [
      note({}),
      note({
        id: '00000000-0000-4000-8000-000000000002',
        marketplace: 'ca',
        asin: 'B000000002',
        condition: 'back_in_stock',
        price: null,
        currency: 'CAD',
      }),
      note({
        id: '00000000-0000-4000-8000-000000000003',
        condition: 'out_of_stock',
        price: null,
        read: true,
      }),
    ];
    const { fetch, user } = renderPage(() => ({
      body: { unread: notifications.filter((n) => !n.read).length, notifications },
    }));
    const bell = await screen.findByRole('link', { name: 'Notifications, 2 unread' });
    expect(bell).toHaveAttribute('href', '/notifications');
    expect(bell).toHaveTextContent('2');

    const items = await screen.findAllByTestId('notification');
    expect(items).toHaveLength(3);
    expect(screen.getByTestId('notifications-unread')).toHaveTextContent('2 unread');
    expect(items[0]).toHaveTextContent('B000000001');
    expect(items[0]).toHaveTextContent('Price at or below: $9.50');
    expect(items[0]).toHaveTextContent('2 hours ago');
    expect(within(items[0]!).getByText('New')).toBeInTheDocument();
    expect(items[1]).toHaveTextContent('Back in stock');
    // A read one has neither the mark nor the button.
    expect(within(items[2]!).queryByText('New')).not.toBeInTheDocument();
    expect(within(items[2]!).queryByRole('button', { name: 'Mark as read' })).not.toBeInTheDocument();

    // The product opens on its marketplace, in a new tab.
    const open = within(items[1]!).getByRole('link', { name: /^Open on Amazon CA: B000000002 in Canada/ });
    expect(open).toHaveAttribute('href', 'https://www.amazon.ca/dp/B000000002');
    expect(open).toHaveAttribute('target', '_blank');

    notifications = notifications.map((n, i) => (i === 0 ? { ...n, read: true } : n));
    await user.click(within(items[0]!).getByRole('button', { name: 'Mark as read' }));
    expect(await screen.findByRole('link', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    expect(within(items[0]!).queryByText('New')).not.toBeInTheDocument();
    const posts = fetch.mock.calls.filter(([, init]) => init?.method === 'POST').map(([url]) => url);
    expect(posts).toEqual(['/api/notifications/00000000-0000-4000-8000-000000000001/read']);
  });

  it("says a whole inventory's alert with a link to it, and a profit alert's percentage", async () => {
    // The fields issue 49's server remainder adds (an inventory watch has no ASIN).
    const inventory = {
      ...note({ id: '00000000-0000-4000-8000-000000000004', condition: 'out_of_stock', price: null }),
      asin: null,
      inventory_id: '5b0c8e2d-0000-4000-8000-000000000001',
      product_count: 3,
    };
    const profit = {
      ...note({ id: '00000000-0000-4000-8000-000000000005', price: null }),
      condition: 'profit_at_or_above',
      profit_percent: 23.5,
    };
    renderPage(() => ({ body: { unread: 2, notifications: [inventory, profit] } }));
    const items = await screen.findAllByTestId('notification');
    expect(items[0]).toHaveTextContent('3 products of the inventory sold out at the source today');
    expect(within(items[0]!).getByRole('link', { name: 'Open the inventory' })).toHaveAttribute(
      'href',
      '/inventories/5b0c8e2d-0000-4000-8000-000000000001',
    );
    expect(items[1]).toHaveTextContent('Profit at or above: 23.5 %');
  });

  it('says when there is nothing yet; the bell then has no count', async () => {
    renderPage(() => ({ body: { unread: 0, notifications: [] } }));
    expect(await screen.findByText(/No notifications yet\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Notifications' })).not.toHaveTextContent(/\d/);
  });

  it('says a failed call and tries again', async () => {
    let fail = true;
    const { user } = renderPage(() =>
      fail
        ? { status: 500, body: { error: { code: 'internal', message: 'Something went wrong.' } } }
        : { body: { unread: 1, notifications: [note({})] } },
    );
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 10_000 });
    fail = false;
    await user.click(retry);
    expect(await screen.findAllByTestId('notification')).toHaveLength(1);
  });

  it('speaks Turkish', async () => {
    await changeLanguage('tr');
    renderPage(() => ({ body: { unread: 1, notifications: [note({})] } }));
    expect(await screen.findByRole('link', { name: 'Bildirimler, 1 okunmamış' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Okundu olarak işaretle' })).toBeInTheDocument();
    expect(screen.getByTestId('notification')).toHaveTextContent('Fiyat bu tutarda veya altında');
  });
});
