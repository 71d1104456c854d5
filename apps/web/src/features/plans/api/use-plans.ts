import type { PlanCard } from '@crossmarket/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type { PlanCard } from '@crossmarket/domain';

export const planKeys = {
  all: ['plans'] as const,
};

export const usePlans = () =>
  useQuery({ queryKey: planKeys.all, queryFn: () => api<PlanCard[]>('/api/plans'), staleTime: 5 * 60_000 });
