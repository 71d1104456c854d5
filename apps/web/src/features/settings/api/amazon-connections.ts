import type { AmazonConnectionList, AmazonConnectResponse, AmazonRegionCode } from '@crossmarket/domain';
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
    mutationFn: (region: AmazonRegionCode) =>
      api<AmazonConnectResponse>('/api/amazon/connections', { body: { region } }),
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
