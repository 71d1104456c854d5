import { ORDER_CARRIERS, type OrderDetail, type OrderList, type OrderRow } from '@crossmarket/domain/schemas';

export const ORDER_ID = '0b7c2d4e-0000-4000-8000-000000000060';
export const INVENTORY_ID = '5b0c8e2d-0000-4000-8000-000000000001';

/** An order row as the list answers it: a Canadian order from a US source, paid, not yet bought. */
export function orderRowFixture(over: Partial<OrderRow> = {}): OrderRow {
  return {
    id: ORDER_ID,
    amazon_order_id: '702-1234567-7654321',
    marketplace: 'ca',
    state: 'new',
    amazon_status: 'UNSHIPPED',
    reason: null,
    purchased_at: '2026-11-28T10:00:00.000Z',
    ship_by: '2026-12-03T23:59:59.000Z',
    deliver_by: '2026-12-12T23:59:59.000Z',
    next_deadline: { kind: 'buy', at: '2026-11-29T10:00:00.000Z', overdue: false },
    title: 'Wooden toy train',
    item_count: 1,
    total: { amount: 59.99, currency: 'CAD' },
    from_crossmarket: true,
    programs: [],
    ...over,
  };
}

export function orderListFixture(over: Partial<OrderList> = {}): OrderList {
  return {
    orders: [orderRowFixture()],
    page: 1,
    page_size: 25,
    total: 1,
    counts: { to_buy: 1, to_ship: 0, problem: 0, overdue: 0, needs_action: 1 },
    freshness: [
      {
        region: 'na',
        connected: true,
        synced_at: '2026-11-29T11:58:00.000Z',
        next_sync_at: '2026-11-29T12:01:00.000Z',
      },
      { region: 'eu', connected: false, synced_at: null, next_sync_at: null },
    ],
    ...over,
  };
}

type Item = OrderDetail['items'][number];

export function orderItemFixture(over: Partial<Item> = {}): Item {
  return {
    order_item_id: '11111111111111',
    asin: 'B0TRAIN001',
    sku: 'SS-0000000000000001',
    title: 'Wooden toy train',
    quantity: 2,
    unit_price: { amount: 29.99, currency: 'CAD' },
    cancel_requested: false,
    link: {
      inventory_id: INVENTORY_ID,
      product_id: 'B0TRAIN001',
      source_marketplace: 'us',
      lane: { from: 'us', to: 'ca' },
      handling_days: 5,
      lane_needs_days: 5,
      handling_too_short: false,
    },
    to_buy: {
      cart_url: 'https://www.amazon.com/gp/aws/cart/add.html?ASIN.1=B0TRAIN001&Quantity.1=2',
      quantity: 2,
      source_price: { amount: 14.5, currency: 'USD' },
      source_in_stock: true,
      checked_at: '2026-11-29T11:59:00.000Z',
      forwarder_ship_to: 'Ayşe Yılmaz, Suite 4471\n123 Forward St, Hawthorne CA 90250, US',
      profit: { amount: 9.12, currency: 'CAD', percent: 15.2, loss: false },
      sold_out_options: null,
    },
    purchase: null,
    ...over,
  };
}

export function orderDetailFixture(
  over: { order?: Partial<OrderDetail['order']> } & Partial<Omit<OrderDetail, 'order'>> = {},
): OrderDetail {
  const { order, ...rest } = over;
  return {
    order: {
      ...orderRowFixture(),
      ship_by_earliest: '2026-11-29T00:00:00.000Z',
      deliver_by_earliest: '2026-12-08T00:00:00.000Z',
      buy_deadline: '2026-11-29T10:00:00.000Z',
      confirm_deadline: '2026-12-02T23:59:59.000Z',
      destination: { city: 'Toronto', country: 'CA' },
      policy: { source_ships_blocked: false, single_shipment: false },
      ship_plus: false,
      address_erase_at: null,
      address_erased: false,
      ...order,
    },
    items: [orderItemFixture()],
    address: null,
    shipment: null,
    carriers: [...ORDER_CARRIERS.ca],
    transitions: [
      {
        from: null,
        to: 'new',
        actor: 'amazon',
        user_id: null,
        reason: null,
        note: null,
        at: '2026-11-28T10:05:00.000Z',
      },
    ],
    ...rest,
  };
}

/** A purchase as recorded for the fixture's item. */
export const purchaseFixture = (): NonNullable<Item['purchase']> => ({
  id: '9a9a9a9a-0000-4000-8000-000000000001',
  order_item_id: '11111111111111',
  source_order_id: '113-1111111-2222222',
  total: { amount: 31.4, currency: 'USD' },
  tax: 2.4,
  shipping: 0,
  seen_price: 14.5,
  bought_at: '2026-11-28T12:00:00.000Z',
  recorded_at: '2026-11-28T12:01:00.000Z',
});
