import type { MoneyOrders, MoneySummary, OrderCostsInput, OrderMoneyAnswer } from '@crossmarket/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type {
  MoneyOrderRow,
  MoneyOrders,
  MoneyRow,
  MoneySummary,
  OrderMoneyAnswer,
} from '@crossmarket/domain';

/** The summary's range and lane (`us-ca`; absent: every lane). */
export type MoneyRange = { from: string; to: string; lane?: string };

/** The orders behind one figure: the range, optionally one month and lane, only flagged or pending, a page. */
export type MoneyOrdersFilters = MoneyRange & {
  month?: string;
  only?: 'flagged' | 'pending';
  page?: number;
};

/** Which order's money: by the orders' own id (the orders drawer) or by its Amazon id (the Money lists). */
export type OrderMoneyRef = { orderId: string } | { amazonOrderId: string };

// Everything about money sits under `all`: entering an order's costs changes its profit, so the summary,
// the lists and the order are read again together.
export const moneyKeys = {
  all: ['money'] as const,
  summaries: () => [...moneyKeys.all, 'summary'] as const,
  summary: (range: MoneyRange) => [...moneyKeys.summaries(), range] as const,
  orders: (filters: MoneyOrdersFilters) => [...moneyKeys.all, 'orders', filters] as const,
  order: (ref: OrderMoneyRef) => [...moneyKeys.all, 'order', ref] as const,
};

export const MONEY_ORDERS_PAGE_SIZE = 25;

function query(params: Record<string, string | number | undefined>) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') q.set(k, String(v));
  return q.toString();
}

/** `/api/money?…` or its CSV export for a range and lane. */
export const moneyPath = (range: MoneyRange, rest = '') =>
  `/api/money${rest}?${query({ from: range.from, to: range.to, lane: range.lane })}`;

export const moneyOrdersPath = (f: MoneyOrdersFilters) =>
  `/api/money/orders?${query({
    from: f.from,
    to: f.to,
    lane: f.lane,
    month: f.month,
    only: f.only,
    page: f.page && f.page > 1 ? f.page : undefined,
    page_size: MONEY_ORDERS_PAGE_SIZE,
  })}`;

export const orderMoneyPath = (ref: OrderMoneyRef) =>
  'orderId' in ref
    ? `/api/orders/${encodeURIComponent(ref.orderId)}/money`
    : `/api/money/orders/${encodeURIComponent(ref.amazonOrderId)}`;

/** By month and lane, and the totals per currency. Finances are read every few hours: no polling. */
export function useMoneySummary(range: MoneyRange) {
  return useQuery({
    queryKey: moneyKeys.summary(range),
    queryFn: () => api<MoneySummary>(moneyPath(range)),
    placeholderData: keepPreviousData,
  });
}

/** A page of the orders behind a figure, newest sale first. */
export function useMoneyOrders(filters: MoneyOrdersFilters | null) {
  return useQuery({
    queryKey: moneyKeys.orders(filters ?? { from: '', to: '' }),
    queryFn: () => api<MoneyOrders>(moneyOrdersPath(filters!)),
    enabled: filters !== null,
    placeholderData: keepPreviousData,
  });
}

/** One order's estimate against its actual (another seller's order answers 404). */
export function useOrderMoney(ref: OrderMoneyRef | null) {
  return useQuery({
    queryKey: moneyKeys.order(ref ?? { amazonOrderId: '' }),
    queryFn: () => api<OrderMoneyAnswer>(orderMoneyPath(ref!)),
    enabled: ref !== null,
    retry: false,
  });
}

/** What the seller paid the forwarder and in duty for an order; answers the order's money again. */
export function useSaveOrderCosts(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OrderCostsInput) =>
      api<OrderMoneyAnswer>(`/api/orders/${encodeURIComponent(orderId)}/costs`, { method: 'PUT', body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: moneyKeys.all }),
  });
}
