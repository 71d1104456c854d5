import {
  type InventoryDeleting,
  INVENTORY_PRODUCTS_PER_PAGE,
  type Inventory,
  type InventoryAddProductsInput,
  type InventoryAddProductsResult,
  type InventoryConfirmPackInput,
  type InventoryConfirmPackResult,
  type InventoryCreateInput,
  type InventoryProductPage,
  type InventoryRemoveProductsResult,
  type InventoryUpdateInput,
  type InventoryUpdateState,
  type ListingRemovalChoice,
} from '@crossmarket/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api, apiFile } from '../../../lib/api-client';
import { meKeys } from '../../account';

// Every inventory query lives under `all`: a write invalidates the lists, the one inventory and its
// products together.
export const inventoryKeys = {
  all: ['inventories'] as const,
  list: (toCountry: string | undefined) => [...inventoryKeys.all, 'list', toCountry ?? null] as const,
  one: (id: string | undefined) => [...inventoryKeys.all, 'one', id] as const,
  /** Every page of an inventory's products. */
  products: (id: string) => [...inventoryKeys.all, 'products', id] as const,
  productsPage: (id: string, page: number, perPage: number) =>
    [...inventoryKeys.products(id), page, perPage] as const,
};
/** While an update is queued or running, the inventory is read again this often. */
export const UPDATE_POLL_MS = 3000;

const path = (id: string, rest = '') => `/api/inventories/${encodeURIComponent(id)}${rest}`;
export const updateInProgress = (state: InventoryUpdateState | undefined) =>
  state?.status === 'queued' || state?.status === 'running';

/** The user's inventories, newest first; with a selling country, only those selling there. */
export function useInventories(toCountry?: string) {
  return useQuery({
    queryKey: inventoryKeys.list(toCountry),
    queryFn: () =>
      api<Inventory[]>(`/api/inventories${toCountry ? `?to_country=${encodeURIComponent(toCountry)}` : ''}`),
  });
}

/** One of the user's inventories (another user's answers 404); polled while its update is under way. */
export function useInventory(id: string | undefined) {
  return useQuery({
    queryKey: inventoryKeys.one(id),
    queryFn: () => api<Inventory>(path(id!)),
    enabled: !!id,
    retry: false,
    refetchInterval: (query) => (updateInProgress(query.state.data?.update) ? UPDATE_POLL_MS : false),
  });
}

/** A page of an inventory's products, by code; the previous page stays shown while the next loads. */
export function useInventoryProducts(id: string, page: number, perPage = INVENTORY_PRODUCTS_PER_PAGE) {
  return useQuery({
    queryKey: inventoryKeys.productsPage(id, page, perPage),
    queryFn: () => api<InventoryProductPage>(path(id, `/products?page=${page}&per_page=${perPage}`)),
    placeholderData: keepPreviousData,
  });
}

/** When an update under way (`busy`) ends, the inventory's products (prices, stock) are read again. */
export function useProductsFollowUpdate(id: string, busy: boolean) {
  const client = useQueryClient();
  const wasBusy = useRef(busy);
  useEffect(() => {
    if (wasBusy.current && !busy) void client.invalidateQueries({ queryKey: inventoryKeys.products(id) });
    wasBusy.current = busy;
  }, [busy, client, id]);
}

export function useCreateInventory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: InventoryCreateInput) => api<Inventory>('/api/inventories', { body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: inventoryKeys.all }),
  });
}

export function useUpdateInventory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: InventoryUpdateInput & { id: string }) =>
      api<Inventory>(path(id), { method: 'PATCH', body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: inventoryKeys.all }),
  });
}

/**
 * Its products go with it: the plan's inventory quota (/api/me's ip_count) is freed too. `onAmazon` is what
 * becomes of its offers on Amazon, if it has any: then the answer is 202 (`InventoryDeleting`) and the
 * inventory goes once Amazon took them down; without offers, 204 (null).
 */
export function useDeleteInventory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, onAmazon }: { id: string; onAmazon: ListingRemovalChoice }) =>
      api<InventoryDeleting | null>(`${path(id)}?on_amazon=${onAmazon}`, { method: 'DELETE' }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: inventoryKeys.all });
      void client.invalidateQueries({ queryKey: meKeys.all });
    },
  });
}

/**
 * Products of a finished report into an inventory of the same countries: all within the plan's quota or
 * none (409 `inventory_quota` with `remaining`). The home page's quota card follows.
 */
export function useAddInventoryProducts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: InventoryAddProductsInput & { id: string }) =>
      api<InventoryAddProductsResult>(path(id, '/products'), { body }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: inventoryKeys.all });
      void client.invalidateQueries({ queryKey: meKeys.all });
    },
  });
}

/** Removes products from an inventory, which frees their quota. */
export function useRemoveInventoryProducts(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ productIds, onAmazon }: { productIds: string[]; onAmazon?: ListingRemovalChoice }) =>
      api<InventoryRemoveProductsResult>(path(id, '/products'), {
        method: 'DELETE',
        body: { product_ids: productIds, ...(onAmazon && { on_amazon: onAmazon }) },
      }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: inventoryKeys.all });
      void client.invalidateQueries({ queryKey: meKeys.all });
    },
  });
}

/**
 * Confirms a supplier pack that differs from Amazon's or is unknown (issue 62), for the Amazon quantity
 * the dialog showed (409 `pack_changed` when a new list version changed it). Its products and listings
 * follow: a listing kept at 0 for it sells again with the next sync.
 */
export function useConfirmPack(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ code, ...body }: InventoryConfirmPackInput & { code: string }) =>
      api<InventoryConfirmPackResult>(path(id, `/products/${code}/confirm-pack`), { body }),
    onSettled: () => void client.invalidateQueries({ queryKey: inventoryKeys.all }),
  });
}

/**
 * "Update now": 202 with the queued state, 429 `update_too_soon` (with `next_manual_at`) within the hour,
 * 409 `update_running` while one is under way.
 */
export function useRequestInventoryUpdate(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<InventoryUpdateState>(path(id, '/update'), { method: 'POST' }),
    onSuccess: (update) =>
      client.setQueryData<Inventory>(inventoryKeys.one(id), (old) => old && { ...old, update }),
    // Queued, or refused: either way the stored state (status, next_manual_at) is read again.
    onSettled: () => void client.invalidateQueries({ queryKey: inventoryKeys.all }),
  });
}

/** The current inventory file (the server writes it from the last update's prices and stock). */
export const fetchInventoryFile = (id: string) => apiFile(path(id, '/file'));
