import type {
  AmazonConnectionList,
  AmazonConnectResponse,
  AmazonRegionCode,
  RegionCode,
} from '@crossmarket/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const amazonConnectionKeys = { all: ['amazon-connections'] as const };

/** Every SP-API region with its state; the refresh tokens never leave the server. */
export function useAmazonConnections() {
  return useQuery({
    queryKey: amazonConnectionKeys.all,
    queryFn: () => api<AmazonConnectionList>('/api/amazon/connections'),
  });
}

/** Asks for the consent link of a region; the caller sends the browser there. */
export function useConnectAmazon() {
  return useMutation({
    /** The region, and the marketplace the seller's account lives in (its Seller Central gives consent). */
    mutationFn: (body: { region: AmazonRegionCode; marketplace: RegionCode }) =>
      api<AmazonConnectResponse>('/api/amazon/connections', { body }),
  });
}

/** Forgets a region's authorisation here (the seller removes the app in Seller Central to revoke it). */
export function useDisconnectAmazon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (region: AmazonRegionCode) =>
      api<unknown>(`/api/amazon/connections/${region}`, { method: 'DELETE' }),
    onSuccess: () => void client.invalidateQueries({ queryKey: amazonConnectionKeys.all }),
  });
}
