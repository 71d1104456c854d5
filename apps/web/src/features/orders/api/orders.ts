import type {
  OrderDeadlineFilter,
  OrderDetail,
  OrderList,
  OrderPurchaseRequest,
  OrderShipmentRequest,
  OrderState,
  OrderTransitionRequest,
  RegionCode,
} from '@crossmarket/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type { OrderDetail, OrderList, OrderRow } from '@crossmarket/domain';

/** The list's filters and page, as the address carries them (the defaults left out). */
export type OrdersFilters = {
  state?: OrderState[];
  marketplace?: RegionCode;
  deadline?: OrderDeadlineFilter;
  page?: number;
};

// Every orders query sits under `all`: a purchase, a shipment or a move refreshes the lists, the sidebar's
// counts and the order together. The buyer's address has a key of its own, never kept after use.
export const orderKeys = {
  all: ['orders'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (filters: OrdersFilters) => [...orderKeys.lists(), filters] as const,
  counts: () => [...orderKeys.all, 'counts'] as const,
  one: (id: string) => [...orderKeys.all, 'one', id] as const,
  /** The order with its source looked up afresh (`?check=1`): the to-buy step's price and stock. */
  check: (id: string) => [...orderKeys.all, 'check', id] as const,
  address: (id: string) => [...orderKeys.all, 'address', id] as const,
};

/**
 * How often the list and the counts are read again. Amazon's searchOrders allows about one call in three
 * minutes per region, so the server's copy changes no faster; the page says when each region was read.
 */
export const ORDERS_POLL_MS = 60_000;
export const ORDER_COUNTS_POLL_MS = 3 * 60_000;
/** While Amazon's read-back of a confirmation is due, the order is read again this often. */
export const CONFIRMATION_POLL_MS = 5000;

const path = (id: string, rest = '') => `/api/orders/${encodeURIComponent(id)}${rest}`;

/** `/api/orders?…` for these filters: the defaults (first page, no filter) left out. */
export function ordersPath(filters: OrdersFilters = {}, pageSize?: number) {
  const query = new URLSearchParams();
  if (filters.state?.length) query.set('state', filters.state.join(','));
  if (filters.marketplace) query.set('marketplace', filters.marketplace);
  if (filters.deadline) query.set('deadline', filters.deadline);
  if (filters.page && filters.page > 1) query.set('page', String(filters.page));
  if (pageSize) query.set('page_size', String(pageSize));
  const text = query.toString();
  return `/api/orders${text ? `?${text}` : ''}`;
}

/** A page of the seller's orders, with the counts needing action and how fresh each region's list is. */
export function useOrders(filters: OrdersFilters) {
  return useQuery({
    queryKey: orderKeys.list(filters),
    queryFn: () => api<OrderList>(ordersPath(filters)),
    placeholderData: keepPreviousData,
    refetchInterval: ORDERS_POLL_MS,
  });
}

/** The sidebar's counts: the smallest page of the list, read every few minutes; silent when it fails. */
export function useOrderCounts(enabled = true) {
  return useQuery({
    queryKey: orderKeys.counts(),
    queryFn: () => api<OrderList>(ordersPath({}, 1)),
    select: (list) => list.counts,
    refetchInterval: ORDER_COUNTS_POLL_MS,
    retry: false,
    enabled,
  });
}

/** A shipment waiting to be sent to Amazon by the job, or sent and waiting for Amazon's read-back. */
const readBackDue = (detail: OrderDetail | undefined) =>
  detail?.shipment?.confirmation === 'pending' || detail?.shipment?.confirmation === 'sent';

/** One order (another seller's answers 404); read again while Amazon's read-back is due. */
export function useOrder(id: string | undefined) {
  return useQuery({
    queryKey: orderKeys.one(id ?? ''),
    queryFn: () => api<OrderDetail>(path(id!)),
    enabled: !!id,
    retry: false,
    refetchInterval: (query) => (readBackDue(query.state.data) ? CONFIRMATION_POLL_MS : false),
  });
}

/**
 * The order with its source looked up now, not from the cache (a call to the source marketplace): asked
 * only while an item is to buy, kept a minute, and again when the seller asks.
 */
export function useSourceCheck(id: string, enabled: boolean) {
  return useQuery({
    queryKey: orderKeys.check(id),
    queryFn: () => api<OrderDetail>(path(id, '?check=1')),
    enabled,
    retry: false,
    staleTime: 60_000,
  });
}

/**
 * The buyer's address, read only when the seller asks for it (to hand to the forwarder), and not kept
 * in the cache once the drawer stops showing it.
 */
export function useOrderAddress(id: string, enabled: boolean) {
  return useQuery({
    queryKey: orderKeys.address(id),
    queryFn: () => api<OrderDetail>(path(id, '?address=1')),
    select: (detail) => detail.address,
    enabled,
    retry: false,
    gcTime: 0,
    staleTime: 0,
  });
}

/**
 * Everything about orders is read again after a write (the order, the lists and the counts), but not the
 * source's look-up: that is a call to the source marketplace, made again only when the seller asks.
 */
function useOrderWrite<Body, Answer = unknown>(id: string, rest: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => api<Answer>(path(id, rest), { body }),
    onSuccess: () =>
      void client.invalidateQueries({
        queryKey: orderKeys.all,
        predicate: (q) => q.queryKey[1] !== 'check',
      }),
  });
}

/** What recording a purchase answers: the purchase, and whether the source showed sold out just then. */
export type PurchaseRecorded = { id: string; source_sold_out: boolean };

/** Records what was bought at the source for one item; a second purchase is refused naming the first. */
export const useRecordPurchase = (id: string) =>
  useOrderWrite<OrderPurchaseRequest, PurchaseRecorded>(id, '/purchase');

/** Records the forwarder's final leg; a job confirms it to Amazon and reads it back (202). */
export const useRecordShipment = (id: string) => useOrderWrite<OrderShipmentRequest>(id, '/shipment');

/** A move the seller makes by hand (start buying, at the forwarder, delivered, a problem): 204. */
export const useMoveOrder = (id: string) => useOrderWrite<OrderTransitionRequest>(id, '/transition');
