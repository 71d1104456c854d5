import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface PlanCard {
  code: string;
  name: string;
  order: number;
  monthly_price: number;
  daily_report_quota: number;
  inventory_quota: number;
  send_limit: number;
  best_seller: boolean;
  price_id: string | null;
  points: string[];
}

export const usePlans = () =>
  useQuery({ queryKey: ['plans'], queryFn: () => api<PlanCard[]>('/api/plans'), staleTime: 5 * 60_000 });
