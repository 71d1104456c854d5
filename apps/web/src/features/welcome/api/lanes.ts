import { useMutation } from '@tanstack/react-query';
import type { LaneSettingsInput, RegionCode } from '@crossmarket/domain';
import { api } from '../../../lib/api-client';

export interface DefaultLane {
  from: RegionCode;
  to: RegionCode;
  settings: LaneSettingsInput;
}

/** Issue 45's onboarding question: the seller's lane, through the lanes feature's own PUT. */
export const useSaveDefaultLane = () =>
  useMutation({
    mutationFn: ({ from, to, settings }: DefaultLane) =>
      api<unknown>(`/api/lanes/${encodeURIComponent(from)}/${encodeURIComponent(to)}`, {
        method: 'PUT',
        body: settings,
      }),
  });
