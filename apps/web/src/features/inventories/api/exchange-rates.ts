import {
  parityFor,
  SHIPPED_ECB_TABLE,
  SHIPPED_RATES,
  type ExchangeRates,
  type RatesToday,
  type RegionCode,
} from '@crossmarket/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const exchangeRateKeys = {
  all: ['exchange-rates'] as const,
};

/** The shipped ECB table, said so: what stands in until the stored rates arrive. */
const SHIPPED: RatesToday = { source: 'ecb-shipped', as_of: SHIPPED_ECB_TABLE.asOf, rates: SHIPPED_RATES };

/** Today's rates as the app keeps them (the shipped ECB table until they arrive). */
export function useRatesToday(): RatesToday {
  const { data } = useQuery({
    queryKey: exchangeRateKeys.all,
    queryFn: () => api<ExchangeRates>('/api/exchange-rates'),
    staleTime: 60 * 60_000,
    retry: false,
  });
  return data ?? SHIPPED;
}

/**
 * The parity "Auto" stands for in the inventory form: the selling ÷ buying currency rate of the latest
 * stored rates (the shipped ECB table until they arrive); null until both countries are chosen.
 */
export function useAutoParity(from: RegionCode | undefined, to: RegionCode | undefined): number | null {
  const data = useRatesToday();
  if (!from || !to) return null;
  try {
    return parityFor(from, to, data?.rates ?? SHIPPED_RATES);
  } catch {
    // A currency the stored rates lack: the shipped table has every region's.
    return parityFor(from, to, SHIPPED_RATES);
  }
}
