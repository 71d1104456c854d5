import type { RateSourceName } from '../exchange-rates';
import { parityFor, type RegionCode } from '../regions';

/**
 * A parity the seller typed that differs from today's rate for the pair by more than this share is
 * warned about (docs/decisions.md, "A typed parity is checked against today's rate"). A seller may type a
 * cushion of a few per cent against the rate moving; the placeholder table's Auto values were off by up
 * to 94 % (MXN at 1.12 instead of 17.39), and these currencies rarely move 10 % against the dollar in a
 * month.
 */
export const TYPED_PARITY_WARN_SHARE = 0.1;

/** Today's rates, as the app keeps them (`GET /api/exchange-rates`). */
export type RatesToday = {
  source: RateSourceName;
  as_of: string;
  rates: Readonly<Record<string, number>>;
};

export type TypedParityCheck = {
  /** Today's parity for the pair (selling ÷ buying currency, two decimals, as "Auto" would set it). */
  today: number;
  /** How far the typed parity is from it, as a share of today's (0.94: 94 % off). */
  off: number;
  /** Off by more than `TYPED_PARITY_WARN_SHARE`. */
  warn: boolean;
  as_of: string;
  source: RateSourceName;
};

/**
 * A typed ("Fixed") parity against today's rate for the pair, or null when there is nothing to compare:
 * no parity typed, or a currency the rates lack. The money model's one place for this comparison, so the
 * settings form and anything else that warns say the same.
 */
export function checkTypedParity(
  typed: number | null | undefined,
  from: RegionCode,
  to: RegionCode,
  table: RatesToday,
): TypedParityCheck | null {
  if (typed === null || typed === undefined || !Number.isFinite(typed) || typed <= 0) return null;
  let today: number;
  try {
    today = parityFor(from, to, table.rates);
  } catch {
    return null;
  }
  if (today <= 0) return null;
  const off = Math.abs(typed - today) / today;
  return {
    today,
    off,
    warn: off > TYPED_PARITY_WARN_SHARE,
    as_of: table.as_of,
    source: table.source,
  };
}
