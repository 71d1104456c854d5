import type {
  Listing,
  ListingShippingTemplates,
  ListingDriftChoice,
  ListingsAccountPause,
  ListingHistory,
  ListingRetry,
  ListingRun,
  ListingsPublishInput,
  ListingsSyncInput,
  ListingsView,
} from '@crossmarket/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { inventoryKeys } from './inventories';

// An inventory's offers on Amazon (issue 48), under the inventory's own keys so that its writes and
// removal refresh them too.
export const listingKeys = {
  all: (id: string) => [...inventoryKeys.one(id), 'listings'] as const,
  /** Every page and filter of the listings view (not the history or the shipping templates). */
  views: (id: string) => [...listingKeys.all(id), 'view'] as const,
  view: (id: string, filters: ListingsFilters) => [...listingKeys.views(id), filters] as const,
  history: (id: string, productId: string) => [...listingKeys.all(id), 'history', productId] as const,
  shipping: (id: string) => [...listingKeys.all(id), 'shipping-templates'] as const,
};
/** While a run is queued or running, the listings are read again this often. */
export const LISTINGS_POLL_MS = 2000;

const path = (id: string, rest = '') => `/api/inventories/${encodeURIComponent(id)}/listings${rest}`;
export const runInProgress = (run: ListingRun | null | undefined) =>
  run?.status === 'queued' || run?.status === 'running';

/** Which page of the listings the view shows, its filters, and which page of the last run's refusals. */
export type ListingsFilters = {
  page?: number;
  state?: Listing['state'];
  attention?: boolean;
  held?: boolean;
  results_page?: number;
};

/** The view's address: the defaults (first page, no filter) are left out. */
export function listingsViewPath(id: string, filters: ListingsFilters = {}) {
  const query = new URLSearchParams();
  if (filters.page && filters.page > 1) query.set('page', String(filters.page));
  if (filters.state) query.set('state', filters.state);
  if (filters.attention) query.set('attention', 'true');
  if (filters.held) query.set('held', 'true');
  if (filters.results_page && filters.results_page > 1)
    query.set('results_page', String(filters.results_page));
  const text = query.toString();
  return path(id) + (text ? `?${text}` : '');
}

/** One page of the listings and of the last run's refusals; polled while a run is queued or running. */
export function useListings(id: string, filters: ListingsFilters = {}) {
  return useQuery({
    queryKey: listingKeys.view(id, filters),
    queryFn: () => api<ListingsView>(listingsViewPath(id, filters)),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (runInProgress(query.state.data?.last_run) ? LISTINGS_POLL_MS : false),
  });
}

/** A dry run or a publish: 202 with the run, followed by polling the listings until it ends. */
export function usePublishListings(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ListingsPublishInput) => api<ListingRun>(path(id), { body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: listingKeys.views(id) }),
  });
}

export function useListingsSync(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ListingsSyncInput) => api<ListingsView>(path(id, '/sync'), { method: 'PUT', body }),
    // The answer's switches and hold are the inventory's, whatever page or filter is shown.
    onSuccess: (view) =>
      client.setQueriesData<ListingsView>({ queryKey: listingKeys.views(id) }, (old) =>
        old ? { ...old, sync: view.sync } : old,
      ),
  });
}

/** The account-wide pause: every inventory's listings show it, so all of them are read again. */
export function useAccountListingsPause() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (paused: boolean) =>
      api<ListingsAccountPause>('/api/listings/pause', { method: 'PUT', body: { paused } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: inventoryKeys.all }),
  });
}

/** The seller's shipping templates in the selling marketplace (one Amazon call): kept for 10 minutes. */
export function useShippingTemplates(id: string) {
  return useQuery({
    queryKey: listingKeys.shipping(id),
    queryFn: () => api<ListingShippingTemplates>(path(id, '/shipping-templates')),
    staleTime: 10 * 60_000,
    retry: false,
  });
}

export function useChooseShippingTemplate(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (templateId: string | null) =>
      api<ListingShippingTemplates>(path(id, '/shipping-template'), {
        method: 'PUT',
        body: { template_id: templateId },
      }),
    onSuccess: (answer) => client.setQueryData(listingKeys.shipping(id), answer),
  });
}

/** The seller's choice on a listing changed in Seller Central; the answer is the listings view. */
export function useResolveDrift(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, choice }: { productId: string } & ListingDriftChoice) =>
      api<ListingsView>(path(id, `/${encodeURIComponent(productId)}/drift`), { body: { choice } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: listingKeys.views(id) }),
  });
}

export function useListingHistory(id: string, productId: string | null) {
  return useQuery({
    queryKey: listingKeys.history(id, productId ?? ''),
    queryFn: () => api<ListingHistory>(path(id, `/${encodeURIComponent(productId!)}/history`)),
    enabled: productId !== null,
  });
}

/** A listing's retry: 202 once queued; the listings are read again (a publish is then followed as a run). */
export function useRetryListing(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (productId: string) =>
      api<ListingRetry>(path(id, `/${encodeURIComponent(productId)}/retry`), { method: 'POST' }),
    onSuccess: () => void client.invalidateQueries({ queryKey: listingKeys.all(id) }),
  });
}
