import type { RateSourceName } from '@crossmarket/domain';

/** Exchange rates as units of each currency per US dollar, as published on `asOf` (YYYY-MM-DD). */
export interface RateTable {
  asOf: string;
  rates: Record<string, number>;
}

/** A table with where it came from: what a report, inventory or listing run keeps and shows. */
export interface SourcedRateTable extends RateTable {
  source: RateSourceName;
}

export interface RatesSource {
  readonly name: 'fixed' | 'ecb';
  fetch(): Promise<RateTable>;
}
