import { sql, type SQL } from 'drizzle-orm';

/** Batches measured before an estimate is given: the first ones include the token exchange and bursts. */
const WARM_UP_BATCHES = 2;

/**
 * This worker's measured pace on one report: lookups Amazon answered per second since it began, over the
 * report's own work (so it already includes the Amazon allowance the report gets and everything sharing
 * it; products recent lookups served are not counted, so the estimate errs late). The estimate is the
 * report's remaining lookups at that pace, written beside each batch; several workers on one report each
 * write their own, and the latest stands (docs/decisions.md, "An honest finish time").
 */
export class Pace {
  private readonly started = performance.now();
  private lookups = 0;
  private batches = 0;

  /** A batch in which `products` products (two lookups each) were asked of Amazon was looked up. */
  record(products: number) {
    this.lookups += 2 * products;
    this.batches += 1;
  }

  /** Lookups per second so far; null until the warm-up is over. */
  rate(): number | null {
    const seconds = (performance.now() - this.started) / 1000;
    if (this.batches < WARM_UP_BATCHES || seconds <= 0 || this.lookups === 0) return null;
    return this.lookups / seconds;
  }

  /**
   * The `estimated_finish_at` to write in an UPDATE of `reports`: while warming up, the last one unless it
   * has passed (a report resumed after its worker died).
   */
  estimate(): SQL {
    const rate = this.rate();
    if (rate === null) return sql`case when estimated_finish_at > now() then estimated_finish_at end`;
    return sql`now() + make_interval(secs => greatest(0, size - done_size)::float8 / ${rate})`;
  }
}
