import type { PlanCard } from '@crossmarket/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type { PlanCard } from '@crossmarket/domain';

export const usePlans = () =>
  useQuery({ queryKey: ['plans'], queryFn: () => api<PlanCard[]>('/api/plans'), staleTime: 5 * 60_000 });
