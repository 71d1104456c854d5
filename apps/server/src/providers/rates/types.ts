/** Exchange rates as units of each currency per US dollar, as published on `asOf` (YYYY-MM-DD). */
export interface RateTable {
  asOf: string;
  rates: Record<string, number>;
}

export interface RatesSource {
  readonly name: 'fixed' | 'ecb';
  fetch(): Promise<RateTable>;
}
