import type { OrderDetail } from '@crossmarket/domain';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import {
  ORDER_ID,
  orderDetailFixture,
  orderItemFixture,
  orderListFixture,
  purchaseFixture,
} from '../test/fixtures';
import { findDrawer, renderOrders } from '../test/render';

const DETAIL = `/api/orders/${ORDER_ID}`;
const TITLE = 'Order 702-1234567-7654321';

/** The list behind the drawer, the order, and what the writes answer (recorded for the test to read). */
function serve(detail: () => OrderDetail, writes: Record<string, { status?: number; body: unknown }> = {}) {
  const posts: { url: string; body: unknown }[] = [];
  const api = fakeApi((url, init) => {
    if (init?.method === 'POST') {
      posts.push({ url, body: JSON.parse(String(init.body)) });
      return writes[url] ?? { body: detail() };
    }
    if (url === '/api/orders') return { body: orderListFixture() };
    if (url === DETAIL || url === `${DETAIL}?check=1`) return { body: detail() };
    return undefined;
  });
  return { api, posts };
}

afterEach(() => vi.unstubAllGlobals());

/** Picks an option of an antd select by its title (the dropdown is drawn outside the form). */
async function choose(user: ReturnType<typeof renderOrders>['user'], select: HTMLElement, option: string) {
  await user.click(select);
  const matches = await screen.findAllByTitle(option);
  await user.click(matches[matches.length - 1]!);
}

/** The drawer drawn afresh (a new cache), for the order as the server now answers it. */
async function reopen() {
  cleanup();
  const rendered = renderOrders(`/orders/${ORDER_ID}`);
  return { ...rendered, drawer: await findDrawer(TITLE) };
}

describe('the order drawer', () => {
  it('shows what buying takes: the cart link with the quantity, the fresh price, the forwarder and the profit', async () => {
    const { api } = serve(() => orderDetailFixture());
    renderOrders(`/orders/${ORDER_ID}`);
    const drawer = await findDrawer(TITLE);
    const toBuy = await within(drawer).findByTestId('to-buy');
    // What Amazon paid for it, against the estimate: the money feature's drawer.
    expect(within(drawer).getByTestId('order-money-open')).toHaveTextContent('Money');
    // The source is looked up afresh for the to-buy step, not read from the cache.
    await waitFor(() => expect(api.mock.calls.map(([u]) => String(u))).toContain(`${DETAIL}?check=1`));
    const cart = within(toBuy).getByTestId('cart-link');
    expect(cart).toHaveAttribute(
      'href',
      'https://www.amazon.com/gp/aws/cart/add.html?ASIN.1=B0TRAIN001&Quantity.1=2',
    );
    expect(cart).toHaveAttribute('target', '_blank');
    expect(cart).toHaveTextContent('Add 2 to the cart on Amazon US');
    expect(within(toBuy).getByTestId('source-price')).toHaveTextContent('$14.50');
    expect(within(toBuy).getByText('In stock')).toBeInTheDocument();
    expect(within(toBuy).getByTestId('forwarder-ship-to')).toHaveTextContent('Suite 4471');
    expect(within(toBuy).getByText(/Never the buyer's/)).toBeInTheDocument();
    expect(within(toBuy).getByTestId('order-profit')).toHaveTextContent('CA$9.12 (15.2 %)');
    expect(within(toBuy).queryByTestId('order-loss')).toBeNull();
    expect(within(drawer).getByTestId('order-deadlines')).toHaveTextContent('Buy by');
    expect(within(drawer).getByTestId('order-history')).toHaveTextContent('Arrived as New');
    expect(within(drawer).getByTestId('order-history')).toHaveTextContent('By Amazon');
  });

  it('says a loss before buying, a source sold out with what to do, a short handling time and a missing forwarder', async () => {
    const item = orderItemFixture();
    serve(() =>
      orderDetailFixture({
        items: [
          {
            ...item,
            link: { ...item.link!, handling_days: 2, lane_needs_days: 5, handling_too_short: true },
            to_buy: {
              ...item.to_buy!,
              source_in_stock: false,
              forwarder_ship_to: null,
              profit: { amount: -4.2, currency: 'CAD', percent: -7, loss: true },
              sold_out_options: { other_offers: 3, cancel_reason: 'NO_INVENTORY' },
            },
          },
        ],
      }),
    );
    renderOrders(`/orders/${ORDER_ID}`);
    const drawer = await findDrawer(TITLE);
    expect(await within(drawer).findByTestId('order-loss')).toHaveTextContent(
      "At the source's price now, this order loses CA$4.20. Decide before you buy.",
    );
    const soldOut = within(drawer).getByTestId('source-sold-out');
    expect(soldOut).toHaveTextContent('The source sold out since the sale.');
    expect(soldOut).toHaveTextContent('The source has 3 other offers of this product.');
    expect(soldOut).toHaveTextContent('No inventory (NO_INVENTORY)');
    expect(within(drawer).getByTestId('handling-too-short')).toHaveTextContent(
      'Your handling time (2 days) is shorter than this lane needs (5 days',
    );
    expect(within(drawer).getByTestId('forwarder-missing')).toHaveTextContent(
      'This lane has no forwarder address yet.',
    );
    expect(within(drawer).getByRole('link', { name: 'Set it on the lane' })).toHaveAttribute(
      'href',
      '/settings/lanes#lane-us-ca',
    );
  });

  it("records the purchase through the domain's schema, once: a second is refused naming the first", async () => {
    const { posts } = serve(() => orderDetailFixture(), {
      [`${DETAIL}/purchase`]: {
        status: 409,
        body: {
          error: {
            code: 'purchase_exists',
            message: 'This item was already bought.',
            key: 'apiErrors.orders.purchaseExists',
            params: { source_order_id: '113-1111111-2222222', recorded_at: '2026-11-28T12:01:00.000Z' },
          },
        },
      },
    });
    const { user } = renderOrders(`/orders/${ORDER_ID}`);
    const drawer = await findDrawer(TITLE);
    const form = await within(drawer).findByTestId('purchase-form');
    await user.click(within(form).getByRole('button', { name: 'Record purchase' }));
    expect(
      await within(form).findByText('Enter the source order number (up to 64 characters).'),
    ).toBeInTheDocument();
    expect(
      within(form).getByText('Enter what the purchase really cost, tax and shipping included.'),
    ).toBeInTheDocument();
    expect(posts).toHaveLength(0);

    await user.type(within(form).getByLabelText('Source order number'), ' 113-1111111-3333333 ');
    await user.type(within(form).getByLabelText('What it really cost'), '31.40');
    await user.type(within(form).getByLabelText('Of which tax'), '2.40');
    await user.click(within(form).getByRole('button', { name: 'Record purchase' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.url).toBe(`${DETAIL}/purchase`);
    expect(posts[0]!.body).toMatchObject({
      order_item_id: '11111111111111',
      source_order_id: '113-1111111-3333333',
      total: 31.4,
      tax: 2.4,
      shipping: null,
    });
    expect((posts[0]!.body as { bought_at: string }).bought_at).toMatch(
      /^\d{4}-\d\d-\d\dT\d\d:\d\d:00\.000Z$/,
    );
    expect(await within(form).findByTestId('purchase-error')).toHaveTextContent(
      /This item was already bought: source order 113-1111111-2222222, recorded .*2026/,
    );
  });

  it("ships with a carrier from Amazon's list spelt exactly, says the tracking must be the forwarder's, and asks before sending", async () => {
    const bought = () =>
      orderDetailFixture({
        order: { state: 'at_forwarder' },
        items: [orderItemFixture({ purchase: purchaseFixture() })],
      });
    const { posts } = serve(bought);
    const { user } = renderOrders(`/orders/${ORDER_ID}`);
    const drawer = await findDrawer(TITLE);
    expect(await within(drawer).findByTestId('purchase-record')).toHaveTextContent('113-1111111-2222222');
    expect(within(drawer).queryByTestId('purchase-form')).toBeNull();
    const form = within(drawer).getByTestId('shipment-form');
    expect(within(form).getByText(/never the source's tracking to the forwarder/)).toBeInTheDocument();

    const carrier = within(form).getByLabelText('Carrier');
    await choose(user, carrier, 'Other (enter its name)');
    expect(await within(form).findByTestId('carrier-other-warning')).toHaveTextContent(
      'Amazon cannot verify tracking from a carrier it does not list',
    );
    await user.type(within(form).getByLabelText('Tracking number'), 'CA 123');
    await user.click(within(form).getByRole('button', { name: 'Confirm to Amazon' }));
    expect(
      await within(form).findByText("Enter the carrier's name (needed with Other)."),
    ).toBeInTheDocument();
    expect(
      within(form).getByText("Enter the forwarder's tracking number (letters, digits and dashes)."),
    ).toBeInTheDocument();

    await choose(user, carrier, 'Canada Post');
    await waitFor(() => expect(within(form).queryByTestId('carrier-other-warning')).toBeNull());
    const tracking = within(form).getByLabelText('Tracking number');
    await user.clear(tracking);
    await user.type(tracking, '7023456789012345');
    await user.click(within(form).getByRole('button', { name: 'Confirm to Amazon' }));
    const summary = await screen.findByTestId('shipment-confirm-summary');
    expect(summary).toHaveTextContent('Canada Post');
    expect(summary).toHaveTextContent('7023456789012345');
    expect(posts).toHaveLength(0);
    const dialog = summary.closest<HTMLElement>('.ant-modal')!;
    await user.click(within(dialog).getByRole('button', { name: 'Confirm to Amazon' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({
      url: `${DETAIL}/shipment`,
      body: {
        carrier_code: 'Canada Post',
        carrier_name: null,
        shipping_method: null,
        tracking_number: '7023456789012345',
      },
    });
  });

  it("shows Amazon's read-back: a 204 that did not take asks to confirm again, a kept one leads to delivered", async () => {
    const shipment: NonNullable<OrderDetail['shipment']> = {
      carrier_code: 'Canada Post',
      carrier_name: null,
      tracking_number: '7023456789012345',
      ship_date: '2026-11-30T15:00:00.000Z',
      package_reference_id: '1',
      confirmation: 'not_kept',
      read_back: { carrier: null, tracking_number: null, read_at: '2026-11-30T15:05:00.000Z' },
      error: null,
      recorded_at: '2026-11-30T15:00:00.000Z',
    };
    let detail = orderDetailFixture({
      order: { state: 'problem', reason: 'confirmation_not_kept' },
      items: [orderItemFixture({ purchase: purchaseFixture() })],
      shipment,
    });
    const { posts } = serve(() => detail);
    renderOrders(`/orders/${ORDER_ID}`);
    const drawer = await findDrawer(TITLE);
    expect(await within(drawer).findByTestId('confirmation-not-kept')).toBeInTheDocument();
    expect(within(drawer).getByTestId('read-back')).toHaveTextContent('No tracking');
    expect(within(drawer).getByRole('button', { name: 'Confirm to Amazon again' })).toBeInTheDocument();
    expect(within(drawer).getByLabelText('Tracking number')).toHaveValue('7023456789012345');

    detail = orderDetailFixture({
      order: { state: 'confirmed' },
      items: [orderItemFixture({ purchase: purchaseFixture() })],
      shipment: {
        ...shipment,
        confirmation: 'kept',
        read_back: {
          carrier: 'Canada Post',
          tracking_number: '7023456789012345',
          read_at: '2026-11-30T15:05:00.000Z',
        },
      },
    });
    const again = await reopen();
    const confirmed = again.drawer;
    await waitFor(() =>
      expect(within(confirmed).getByTestId('order-view')).toHaveAttribute('data-state', 'confirmed'),
    );
    expect(within(confirmed).getByTestId('read-back')).toHaveTextContent(
      'Canada Post, tracking 7023456789012345',
    );
    expect(within(confirmed).queryByTestId('shipment-form')).toBeNull();
    await again.user.click(within(confirmed).getByTestId('move-delivered'));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({ url: `${DETAIL}/transition`, body: { to: 'delivered' } });
  });

  it('says an order confirmed in Seller Central was followed, and offers no confirmation of ours', async () => {
    let detail = orderDetailFixture({
      order: { state: 'confirmed', reason: 'confirmed_elsewhere', amazon_status: 'SHIPPED' },
      items: [orderItemFixture({ purchase: purchaseFixture() })],
    });
    serve(() => detail);
    renderOrders(`/orders/${ORDER_ID}`);
    let drawer = await findDrawer(TITLE);
    expect(await within(drawer).findByTestId('order-confirmed-elsewhere')).toHaveTextContent(
      'Confirmed in Seller CentralAmazon shows this order shipped, confirmed without Crossmarket',
    );
    expect(within(drawer).queryByTestId('shipment-form')).toBeNull();

    // Partly: a problem that says to confirm the rest there, with no form to confirm ours.
    detail = orderDetailFixture({
      order: { state: 'problem', reason: 'partly_confirmed_elsewhere', amazon_status: 'PARTIALLY_SHIPPED' },
      items: [orderItemFixture({ purchase: purchaseFixture() })],
    });
    ({ drawer } = await reopen());
    expect(await within(drawer).findByTestId('order-problem')).toHaveTextContent(
      'Confirm the rest there too before the ship-by date',
    );
    expect(within(drawer).queryByTestId('shipment-form')).toBeNull();
  });

  it('never offers to buy an unpaid order or one on a source-ships lane, and says why', async () => {
    let detail = orderDetailFixture({ order: { state: 'pending', amazon_status: 'PENDING' } });
    serve(() => detail);
    renderOrders(`/orders/${ORDER_ID}`);
    let drawer = await findDrawer(TITLE);
    expect(await within(drawer).findByTestId('order-pending')).toHaveTextContent(
      "Amazon has not taken the buyer's payment yet. Do not buy it",
    );
    expect(within(drawer).queryByTestId('purchase-form')).toBeNull();
    expect(within(drawer).queryByTestId('cart-link')).toBeNull();

    detail = orderDetailFixture({
      order: { policy: { source_ships_blocked: true, single_shipment: false } },
    });
    ({ drawer } = await reopen());
    expect(await within(drawer).findByTestId('order-source-ships')).toHaveTextContent(
      'Orders cannot use this route',
    );
    expect(within(drawer).queryByTestId('purchase-form')).toBeNull();
  });

  it("says an order that is not the seller's (404) is not found", async () => {
    fakeApi((url) => (url === '/api/orders' ? { body: orderListFixture() } : undefined));
    renderOrders(`/orders/${ORDER_ID}`);
    expect(await screen.findByTestId('order-not-found')).toHaveTextContent('Order not found');
  });
});
