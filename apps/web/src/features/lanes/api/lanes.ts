import type { LaneList, LaneResponse, LaneSettingsInput, RegionCode } from '@crossmarket/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Every lanes query sits under `laneKeys.all`, so a save refreshes the list and each lane. */
export const laneKeys = {
  all: ['lanes'] as const,
  list: () => [...laneKeys.all, 'list'] as const,
  one: (from: RegionCode, to: RegionCode) => [...laneKeys.all, 'one', from, to] as const,
};

const lanePath = (from: RegionCode, to: RegionCode) =>
  `/api/lanes/${encodeURIComponent(from)}/${encodeURIComponent(to)}`;

/** The lanes the seller saved or has reports on, the defaults and the seller's tax profile. */
export function useLanes() {
  return useQuery({ queryKey: laneKeys.list(), queryFn: () => api<LaneList>('/api/lanes') });
}

/** One lane (the defaults, `saved: false`, when the seller has not set it). */
export function useLane(from: RegionCode, to: RegionCode, enabled = true) {
  return useQuery({
    queryKey: laneKeys.one(from, to),
    queryFn: () => api<LaneResponse>(lanePath(from, to)),
    enabled,
  });
}

/** Saves a lane's settings; the server checks them with the same schema as the form. */
export function useSaveLane() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ from, to, settings }: { from: RegionCode; to: RegionCode; settings: LaneSettingsInput }) =>
      api<LaneResponse>(lanePath(from, to), { method: 'PUT', body: settings }),
    onSuccess: (lane) => {
      client.setQueryData(laneKeys.one(lane.from, lane.to), lane);
      void client.invalidateQueries({ queryKey: laneKeys.list() });
    },
  });
}
