import { z } from 'zod';
import { REGION_CODES, type RegionCode } from '../regions';
import { timestampSchema } from './api-responses';
import { AMAZON_REGION_CODES } from './amazon';
import { requiredNumber, requiredString } from './common';

// Orders (issue 60): an Amazon FBM order carried from the sale through the purchase at the source, the
// forwarder's reshipment and a confirmed shipment. Facts: shared/reference/orders-fulfilment.md (§1, §2, §6),
// checked against amzn/selling-partner-api-models @34dc93f (orders_2026-01-01.json, ordersV0.json).

/**
 * Where an order is in its path. `pending`: Amazon has not taken the payment (Orders 2026 `PENDING` /
 * `PENDING_AVAILABILITY`): shown, never bought. `new`: paid (`UNSHIPPED`) and not yet taken up; `to_buy`: the
 * seller is buying it; `bought`: the source purchase is recorded; `at_forwarder`: the forwarder holds the
 * parcel; `shipped`: the forwarder's final leg is recorded and the confirmation to Amazon is under way;
 * `confirmed`: Amazon's read-back holds the tracking; `delivered`. `cancelled` (by the buyer, Amazon or the
 * seller) stops the workflow; `problem` waits on the seller (a confirmation Amazon did not keep, a source
 * sold out, Amazon refused). Labels: `orders.states.<id>` in the domain's i18n.
 */
export const ORDER_STATES = [
  'pending',
  'new',
  'to_buy',
  'bought',
  'at_forwarder',
  'shipped',
  'confirmed',
  'delivered',
  'cancelled',
  'problem',
] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** The path a live order follows, in order (the drawer's steps). */
export const ORDER_PATH: readonly OrderState[] = [
  'new',
  'to_buy',
  'bought',
  'at_forwarder',
  'shipped',
  'confirmed',
  'delivered',
];

/** The states nothing more happens in. */
export const ORDER_FINAL_STATES: readonly OrderState[] = ['delivered', 'cancelled'];

/** Before these, nothing was bought at the source: a cancellation there costs nothing but the sale. */
export const ORDER_UNBOUGHT_STATES: readonly OrderState[] = ['pending', 'new', 'to_buy'];

/**
 * Every move the state machine allows (from → to). Anything else is refused; every move made is kept with
 * who made it and when (`orderTransitionSchema`).
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderState, readonly OrderState[]>> = {
  pending: ['new', 'cancelled'],
  // Any live state may become confirmed from Amazon's data: the seller confirmed it in Seller Central.
  new: ['to_buy', 'bought', 'cancelled', 'problem', 'confirmed'],
  to_buy: ['bought', 'cancelled', 'problem', 'confirmed'],
  bought: ['at_forwarder', 'shipped', 'cancelled', 'problem', 'confirmed'],
  at_forwarder: ['shipped', 'cancelled', 'problem', 'confirmed'],
  shipped: ['confirmed', 'cancelled', 'problem'],
  confirmed: ['delivered', 'problem'],
  delivered: [],
  cancelled: [],
  problem: ['to_buy', 'bought', 'at_forwarder', 'shipped', 'confirmed', 'cancelled'],
};

export const canMoveOrder = (from: OrderState, to: OrderState): boolean =>
  ORDER_TRANSITIONS[from].includes(to);

/**
 * The moves a seller makes by hand (`POST /api/orders/:id/transition`); buying and shipping have their own
 * calls, and Amazon's changes (paid, cancelled, confirmed) come from Amazon.
 */
export const ORDER_SELLER_MOVES = ['to_buy', 'at_forwarder', 'delivered', 'problem'] as const;
export type OrderSellerMove = (typeof ORDER_SELLER_MOVES)[number];

/** Who made a transition: the seller (by session or API token), Crossmarket's own jobs, or Amazon's data. */
export const ORDER_ACTORS = ['seller', 'system', 'amazon'] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];

/**
 * Why an order is a problem or was cancelled. Labels: `orders.reasons.<id>`. `confirmation_not_kept`: Amazon
 * answered 204 but its read-back holds no tracking [S55]; `confirmation_refused`: Amazon refused the
 * confirmation (a Ship+ order, a carrier code it does not list); `source_sold_out`: the source has no stock;
 * `confirmed_elsewhere`: Amazon shows every item shipped without our confirmation (the seller confirmed it in
 * Seller Central); `partly_confirmed_elsewhere`: some items or a package so, the rest still to confirm.
 */
export const ORDER_REASONS = [
  'buyer_cancelled',
  'amazon_cancelled',
  'seller_cancelled',
  'confirmation_not_kept',
  'confirmation_refused',
  'source_sold_out',
  'seller_flagged',
  'confirmed_elsewhere',
  'partly_confirmed_elsewhere',
] as const;
export type OrderReason = (typeof ORDER_REASONS)[number];

/** Deadlines the list filters on and the drawer counts down to. Labels: `orders.deadlines.<id>`. */
export const ORDER_DEADLINE_FILTERS = ['overdue', 'within_24h', 'within_72h'] as const;
export type OrderDeadlineFilter = (typeof ORDER_DEADLINE_FILTERS)[number];

/**
 * An order not bought this many hours after it arrived, or not confirmed this many hours before its ship-by
 * date, raises a notification (issue 60 §3).
 */
export const ORDER_BUY_DEADLINE_HOURS = 24;
export const ORDER_CONFIRM_DEADLINE_HOURS = 24;
/** The buyer's address is erased this many days after shipment (reference §1.10: the stricter reading). */
export const ORDER_PII_RETENTION_DAYS = 30;

/** What a notification says about an order. Texts: `orders.notices.<id>`. */
export const ORDER_NOTICES = ['not_bought', 'not_confirmed', 'confirmation_not_kept'] as const;
export type OrderNotice = (typeof ORDER_NOTICES)[number];

/**
 * Carriers Amazon's confirmShipment takes, per marketplace, spelt exactly as Seller Central lists them (the
 * match is case-sensitive: `PUROLATOR` was recorded as "Other" [S22]). Source: Seller Central help 641
 * "Shipping Confirmation Template" (SG list, verbatim) [S21], with the marketplace's own postal and courier
 * names from the `amzn-base.xsd` CarrierCode enumeration (secondary copies, reference §2.4); read 2026-11-29.
 * `Other` needs the carrier's name and is not verifiable by Amazon's scans (it lowers the valid tracking
 * rate), so the form warns.
 */
export const CARRIER_OTHER = 'Other';
const COMMON_CARRIERS = ['DHL', 'DHL eCommerce', 'FedEx', 'UPS', 'TNT', 'Aramex'] as const;
export const ORDER_CARRIERS: Readonly<Record<RegionCode, readonly string[]>> = {
  us: [
    ...COMMON_CARRIERS,
    'USPS',
    'OnTrac',
    'Lasership',
    'Amazon Shipping',
    'DHL Global Mail',
    CARRIER_OTHER,
  ],
  ca: [...COMMON_CARRIERS, 'Canada Post', 'Purolator', CARRIER_OTHER],
  mx: [...COMMON_CARRIERS, 'Estafeta', CARRIER_OTHER],
  uk: [
    ...COMMON_CARRIERS,
    'Royal Mail',
    'Parcelforce',
    'Yodel',
    'DPD',
    'Hermes Logistik Gruppe',
    CARRIER_OTHER,
  ],
  au: [...COMMON_CARRIERS, 'Australia Post', 'Toll Global Express', CARRIER_OTHER],
  ae: [...COMMON_CARRIERS, CARRIER_OTHER],
  sg: [...COMMON_CARRIERS, 'Singapore Post', 'Ninjavan', 'Qxpress', CARRIER_OTHER],
};

/** The Orders 2026 `fulfillmentStatus` values (orders_2026-01-01.json `FulfillmentStatus`). */
export const AMAZON_ORDER_STATUSES = [
  'PENDING_AVAILABILITY',
  'PENDING',
  'UNSHIPPED',
  'PARTIALLY_SHIPPED',
  'SHIPPED',
  'CANCELLED',
  'UNFULFILLABLE',
] as const;
export type AmazonOrderStatus = (typeof AMAZON_ORDER_STATUSES)[number];

const marketplace = z.enum(REGION_CODES, { error: 'validation.orders.marketplace' });
const stateEnum = z.enum(ORDER_STATES, { error: 'validation.orders.state' });

/** GET /api/orders: filters (all optional) and the page. `state` may repeat (comma-separated). */
export const ordersQuerySchema = z.object({
  state: z
    .preprocess(
      (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v),
      z.array(stateEnum, { error: 'validation.orders.state' }).max(ORDER_STATES.length),
    )
    .optional(),
  marketplace: marketplace.optional(),
  deadline: z.enum(ORDER_DEADLINE_FILTERS, { error: 'validation.orders.deadline' }).optional(),
  page: z.coerce.number({ error: 'validation.paging.page' }).int().min(1).default(1),
  page_size: z.coerce.number({ error: 'validation.paging.perPage' }).int().min(1).max(100).default(25),
});
export type OrdersQuery = z.output<typeof ordersQuerySchema>;

export const orderParamsSchema = z.object({ id: z.uuid({ error: 'validation.orders.id' }) });

/**
 * GET /api/orders/:id: `address=1` asks for the buyer's address (read from Amazon the first time, only in
 * a state that needs it: bought to shipped, or a problem); `check=1` looks the source up afresh for the
 * to-buy step (a call to the source marketplace, so only when the seller opens that step).
 */
export const orderDetailQuerySchema = z.object({
  address: z.enum(['0', '1'], { error: 'validation.orders.address' }).optional(),
  check: z.enum(['0', '1'], { error: 'validation.orders.check' }).optional(),
});
export type OrderDetailQuery = z.output<typeof orderDetailQuerySchema>;

const money = z.object({ amount: z.number(), currency: z.string() });
export type OrderMoney = z.output<typeof money>;

/** The next deadline an order has, and whether it has passed. */
export const orderDeadlineSchema = z.object({
  kind: z.enum(['buy', 'confirm', 'ship_by']),
  at: timestampSchema,
  overdue: z.boolean(),
});

export const orderRowSchema = z.object({
  id: z.uuid(),
  amazon_order_id: z.string(),
  marketplace: z.enum(REGION_CODES),
  state: stateEnum,
  /** Amazon's own status, as last read. */
  amazon_status: z.enum(AMAZON_ORDER_STATUSES),
  reason: z.enum(ORDER_REASONS).nullable(),
  purchased_at: timestampSchema,
  ship_by: timestampSchema.nullable(),
  deliver_by: timestampSchema.nullable(),
  next_deadline: orderDeadlineSchema.nullable(),
  /** The first item's title or SKU, and how many items the order has. */
  title: z.string(),
  item_count: z.int().nonnegative(),
  total: money.nullable(),
  /** False: no item's SKU is one of the seller's Crossmarket listings ("not from Crossmarket"). */
  from_crossmarket: z.boolean(),
  programs: z.array(z.string()),
});
export type OrderRow = z.output<typeof orderRowSchema>;

/** How fresh the list is per SP-API region: searchOrders allows about one call in three minutes. */
export const orderFreshnessSchema = z.object({
  region: z.enum(AMAZON_REGION_CODES),
  connected: z.boolean(),
  /** Amazon's list was read up to here (its changes lag about two minutes). */
  synced_at: timestampSchema.nullable(),
  next_sync_at: timestampSchema.nullable(),
});

/** The counts the sidebar shows: orders waiting on the seller. */
export const orderCountsSchema = z.object({
  to_buy: z.int().nonnegative(),
  to_ship: z.int().nonnegative(),
  problem: z.int().nonnegative(),
  overdue: z.int().nonnegative(),
  /** Orders needing an action: to buy, to ship and problems. */
  needs_action: z.int().nonnegative(),
});
export type OrderCounts = z.output<typeof orderCountsSchema>;

/** GET /api/orders. */
export const orderListSchema = z.object({
  orders: z.array(orderRowSchema),
  page: z.int().positive(),
  page_size: z.int().positive(),
  total: z.int().nonnegative(),
  counts: orderCountsSchema,
  freshness: z.array(orderFreshnessSchema),
});
export type OrderList = z.output<typeof orderListSchema>;

/** The Crossmarket side of an order item: its listing, inventory product, source offer and lane. */
export const orderItemLinkSchema = z.object({
  inventory_id: z.uuid(),
  product_id: z.string(),
  /** The buying marketplace (the source) and the lane's route. */
  source_marketplace: z.enum(REGION_CODES),
  lane: z.object({ from: z.enum(REGION_CODES), to: z.enum(REGION_CODES) }),
  /** The inventory's handling time in days, and what the lane needs (purchase + to forwarder + forwarder). */
  handling_days: z.number().nullable(),
  lane_needs_days: z.number(),
  handling_too_short: z.boolean(),
});

/**
 * What buying an item takes: a link that puts it in the seller's cart at the source with the quantity
 * filled (Amazon's add-to-cart form, reference §3.2), the source's price and stock read now (not the cache),
 * the forwarder's ship-to from the lane, and the profit at the order's real price by the landed model.
 */
export const orderToBuySchema = z.object({
  cart_url: z.string(),
  quantity: z.int().positive(),
  source_price: money.nullable(),
  /** Null: the source did not answer; false: sold out since the sale. */
  source_in_stock: z.boolean().nullable(),
  checked_at: timestampSchema.nullable(),
  /** The lane's forwarder or 3PL address, never the buyer's (drop-shipping policy, reference §2.1). */
  forwarder_ship_to: z.string().nullable(),
  profit: z
    .object({ amount: z.number(), currency: z.string(), percent: z.number().nullable(), loss: z.boolean() })
    .nullable(),
  /** Sold out: what the seller can do (another source offer, or cancel in Seller Central with the reason). */
  sold_out_options: z
    .object({ other_offers: z.int().nonnegative(), cancel_reason: z.literal('NO_INVENTORY') })
    .nullable(),
});

export const orderPurchaseSchema = z.object({
  id: z.uuid(),
  order_item_id: z.string(),
  source_order_id: z.string(),
  total: money,
  tax: z.number().nullable(),
  shipping: z.number().nullable(),
  /** The source price the seller saw when the link was made (the "price moved" check). */
  seen_price: z.number().nullable(),
  bought_at: timestampSchema,
  recorded_at: timestampSchema,
});

export const orderItemSchema = z.object({
  order_item_id: z.string(),
  asin: z.string().nullable(),
  sku: z.string().nullable(),
  title: z.string().nullable(),
  quantity: z.int().nonnegative(),
  unit_price: money.nullable(),
  /** A buyer's cancellation request on the item (Orders 2026 `cancellation.cancellationRequest`). */
  cancel_requested: z.boolean(),
  link: orderItemLinkSchema.nullable(),
  to_buy: orderToBuySchema.nullable(),
  purchase: orderPurchaseSchema.nullable(),
});

export const orderShipmentSchema = z.object({
  carrier_code: z.string(),
  carrier_name: z.string().nullable(),
  tracking_number: z.string(),
  ship_date: timestampSchema,
  package_reference_id: z.string(),
  /** Amazon's answer: `pending` (not sent yet), `sent` (204, read-back due), `kept`, `not_kept`, `refused`. */
  /** `elsewhere`: never sent, the order having been confirmed in Seller Central first. */
  confirmation: z.enum(['pending', 'sent', 'kept', 'not_kept', 'refused', 'elsewhere']),
  /** What Amazon's read-back (getOrder with PACKAGES) holds: its carrier and tracking, or null. */
  read_back: z
    .object({
      carrier: z.string().nullable(),
      tracking_number: z.string().nullable(),
      read_at: timestampSchema,
    })
    .nullable(),
  /** Amazon's refusal, in its words. */
  error: z.string().nullable(),
  recorded_at: timestampSchema,
});

export const orderTransitionSchema = z.object({
  from: stateEnum.nullable(),
  to: stateEnum,
  actor: z.enum(ORDER_ACTORS),
  /** The seller's user id when `actor` is `seller`. */
  user_id: z.string().nullable(),
  reason: z.enum(ORDER_REASONS).nullable(),
  note: z.string().nullable(),
  at: timestampSchema,
});
export type OrderTransition = z.output<typeof orderTransitionSchema>;

/** The buyer's address: shown only to its seller, while the order needs it; null once erased or not read. */
export const orderAddressSchema = z.object({
  name: z.string().nullable(),
  lines: z.array(z.string()),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postal_code: z.string().nullable(),
  country: z.string().nullable(),
  phone: z.string().nullable(),
});

/** GET /api/orders/:id. */
export const orderDetailSchema = z.object({
  order: orderRowSchema.extend({
    ship_by_earliest: timestampSchema.nullable(),
    deliver_by_earliest: timestampSchema.nullable(),
    buy_deadline: timestampSchema.nullable(),
    confirm_deadline: timestampSchema.nullable(),
    /** Non-PII routing data kept for accounting: city and country. */
    destination: z.object({ city: z.string().nullable(), country: z.string().nullable() }),
    /** `source_ships` lanes cannot be used for orders (drop-shipping policy); UK orders are one shipment. */
    policy: z.object({ source_ships_blocked: z.boolean(), single_shipment: z.boolean() }),
    /** Ship+ (`FBM_SHIP_PLUS`): Amazon refuses confirmShipment, labels confirm themselves. */
    ship_plus: z.boolean(),
    /** When the buyer's address is (or was) erased; null until shipped. */
    address_erase_at: timestampSchema.nullable(),
    address_erased: z.boolean(),
  }),
  items: z.array(orderItemSchema),
  /** Only when asked for (`?address=1`) by the owner, in a state that needs it. */
  address: orderAddressSchema.nullable(),
  shipment: orderShipmentSchema.nullable(),
  /** The carriers Amazon lists for the order's marketplace, exact spelling. */
  carriers: z.array(z.string()),
  transitions: z.array(orderTransitionSchema),
});
export type OrderDetail = z.output<typeof orderDetailSchema>;

const SOURCE_ORDER_ID_MAX = 64;

/**
 * POST /api/orders/:id/purchase: what the seller bought at the source for one order item. Once per item: a
 * second is refused naming the first (409 `orders.purchaseExists`).
 */
export const orderPurchaseRequestSchema = z
  .object({
    order_item_id: requiredString('validation.orders.orderItem').pipe(
      z.string().max(64, 'validation.orders.orderItem'),
    ),
    source_order_id: requiredString('validation.orders.sourceOrderId').pipe(
      z.string().max(SOURCE_ORDER_ID_MAX, 'validation.orders.sourceOrderId'),
    ),
    /** What it really cost in the source's currency, tax and shipping included. */
    total: requiredNumber('validation.orders.total').pipe(
      z.number().positive('validation.orders.total').max(1e6, 'validation.orders.total'),
    ),
    tax: requiredNumber('validation.orders.tax')
      .pipe(z.number().min(0, 'validation.orders.tax').max(1e6))
      .nullish(),
    shipping: requiredNumber('validation.orders.shipping')
      .pipe(z.number().min(0, 'validation.orders.shipping').max(1e6))
      .nullish(),
    /** When it was bought; now when absent. */
    bought_at: z.iso.datetime({ offset: true, error: 'validation.orders.boughtAt' }).optional(),
  })
  .strict();
export type OrderPurchaseRequest = z.input<typeof orderPurchaseRequestSchema>;

/**
 * POST /api/orders/:id/shipment: the forwarder's final leg (never the source's tracking to the forwarder:
 * it ends at the forwarder, reference §3.3). `carrier_code` exactly as Amazon lists it for the marketplace,
 * or `Other` with `carrier_name`. The server checks the code against `ORDER_CARRIERS` for the order.
 */
export const orderShipmentRequestSchema = z
  .object({
    carrier_code: requiredString('validation.orders.carrier').pipe(
      z.string().max(100, 'validation.orders.carrier'),
    ),
    carrier_name: z.string().trim().max(100, 'validation.orders.carrierName').nullish(),
    shipping_method: z.string().trim().max(100, 'validation.orders.shippingMethod').nullish(),
    tracking_number: requiredString('validation.orders.tracking').pipe(
      z
        .string()
        .max(100, 'validation.orders.tracking')
        .regex(/^[A-Za-z0-9-]+$/, 'validation.orders.tracking'),
    ),
    ship_date: z.iso.datetime({ offset: true, error: 'validation.orders.shipDate' }),
  })
  .strict()
  .refine((b) => b.carrier_code !== CARRIER_OTHER || !!b.carrier_name, {
    message: 'validation.orders.carrierName',
    path: ['carrier_name'],
  })
  // A confirmation tells the buyer the parcel left: a date ahead of now (a day's grace for time zones)
  // would be a shipment that has not happened, and a late one once the date passes.
  .refine((b) => Date.parse(b.ship_date) <= Date.now() + 24 * 3600_000, {
    message: 'validation.orders.shipDateFuture',
    path: ['ship_date'],
  });
export type OrderShipmentRequest = z.input<typeof orderShipmentRequestSchema>;

/** Whether a carrier code is one Amazon lists for the marketplace (exact, case-sensitive). */
export const isListedCarrier = (marketplace: RegionCode, code: string): boolean =>
  ORDER_CARRIERS[marketplace].includes(code);

/** POST /api/orders/:id/transition: a move the seller makes by hand. */
export const orderTransitionRequestSchema = z
  .object({
    to: z.enum(ORDER_SELLER_MOVES, { error: 'validation.orders.move' }),
    note: z.string().trim().max(500, 'validation.orders.note').nullish(),
  })
  .strict();
export type OrderTransitionRequest = z.input<typeof orderTransitionRequestSchema>;

/** The refusals the drawer acts on (`apiErrors.orders.*`); `purchaseExists` names the first purchase. */
export const ORDER_ERRORS = {
  pending: 'apiErrors.orders.pending',
  cancelled: 'apiErrors.orders.cancelled',
  notAllowed: 'apiErrors.orders.notAllowed',
  purchaseExists: 'apiErrors.orders.purchaseExists',
  unknownItem: 'apiErrors.orders.unknownItem',
  carrierNotListed: 'apiErrors.orders.carrierNotListed',
  notBought: 'apiErrors.orders.notBought',
  sourceShips: 'apiErrors.orders.sourceShips',
  alreadyShipped: 'apiErrors.orders.alreadyShipped',
  partlyConfirmedElsewhere: 'apiErrors.orders.partlyConfirmedElsewhere',
} as const;
