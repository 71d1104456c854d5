import { useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client';

export interface Me {
  user: { id: string; email: string; email_verified: boolean; created_at: string };
  profile: {
    first_name: string | null;
    second_name: string | null;
    last_name: string | null;
    phone_number: string | null;
    address: string | null;
    country: string | null;
    state: string | null;
    city: string | null;
    postal_code: string | null;
    comm_lang: 'en' | 'tr';
    autopay: boolean;
    qs: Record<string, string> | null;
  };
  user_data: {
    is_active: boolean;
    suspended: boolean;
    welcome_done: boolean;
    subscription: string | null;
    subscription_end: string | null;
    card_brand: string | null;
    last4: string | null;
    plan: {
      code: string;
      name: string;
      daily_report_quota: number;
      inventory_quota: number;
      send_limit: number;
      monthly_price: number;
    };
  };
  usage: { r_count: number; ip_count: number };
  access: { paid_active: boolean; locked_out: boolean };
}

export const ME_KEY = ['me'] as const;

/** The signed-in account, or null when nobody is signed in. */
export function useMe() {
  return useQuery({
    queryKey: ME_KEY,
    queryFn: async () => {
      try {
        return await api<Me>('/api/me');
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
    staleTime: 15_000,
  });
}
