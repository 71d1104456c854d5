import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { FairTurns } from './fair-turns';
import { startingTokens, type Pacer, type PacerFactory, type PacerKey } from './pacing';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The bucket's tokens now: refilled since `updated_at` at `rate`, up to `burst` (database clock). */
const refilled = sql`least(p.burst, p.tokens + greatest(0, extract(epoch from (c.at - p.updated_at)))::float8 * p.rate)`;
const clock = sql`(select clock_timestamp() as at) c`;

/**
 * A token bucket in the `spapi_pacing` row of one seller authorisation and operation, shared by every
 * process. A take is one UPDATE: it refills the row on the database's clock and takes a token if there
 * is one, under the row's lock, so two workers can never both take the last token. A refused take
 * answers how long until the next token, and the process naps that long (at most `napMs`, so a rate
 * another worker learned from Amazon applies soon) before asking again. Within one process, callers of
 * one bucket queue (tenants taking turns), so only the first of them asks the database.
 */
class SharedBucket implements Pacer {
  private readonly turns = new FairTurns();
  private created: Promise<void> | undefined;
  /** The rate this process last wrote; the same header again needs no write. */
  private written: number | undefined;

  constructor(
    private readonly db: Db,
    private readonly key: PacerKey,
    private readonly limits: { rate: number; burst: number },
    private readonly napMs: number,
  ) {}

  /** The row, created full at the documented limits; an existing row keeps what workers learned. */
  private ensure() {
    this.created ??= this.db
      .execute(
        sql`insert into spapi_pacing (seller, operation, tokens, rate, burst, updated_at)
            values (${this.key.seller}, ${this.key.operation}, ${startingTokens(this.limits.burst)}, ${this.limits.rate},
                    ${this.limits.burst}, clock_timestamp())
            on conflict (seller, operation) do nothing`,
      )
      .then(() => undefined)
      .catch((error: unknown) => {
        this.created = undefined;
        throw error;
      });
    return this.created;
  }

  private async tryTake() {
    const result = await this.db.execute<{ granted: boolean; tokens: number; rate: number }>(sql`
      update spapi_pacing p
         set (tokens, granted, updated_at) = (
               select case when x.avail >= 1 then x.avail - 1 else x.avail end, x.avail >= 1, x.at
                 from (select ${refilled} as avail, c.at from ${clock}) x)
       where p.seller = ${this.key.seller} and p.operation = ${this.key.operation}
      returning p.granted, p.tokens, p.rate`);
    return result.rows[0];
  }

  take(tenant = ''): Promise<void> {
    return this.turns.run(tenant, async () => {
      await this.ensure();
      for (;;) {
        const row = await this.tryTake();
        if (!row) {
          // The row went away (a test truncated it): make it again.
          this.created = undefined;
          await this.ensure();
          continue;
        }
        if (row.granted) return;
        const wait = ((1 - Number(row.tokens)) / Number(row.rate)) * 1000;
        await sleep(Math.max(1, Math.min(wait, this.napMs)));
      }
    });
  }

  async setRate(rate: number) {
    if (!Number.isFinite(rate) || rate <= 0 || rate === this.written) return;
    this.written = rate;
    await this.ensure();
    // Tokens earned so far count at the old rate; from now on the new one applies.
    await this.db.execute(sql`
      update spapi_pacing p
         set (tokens, rate, updated_at) = (select ${refilled}, ${rate}::float8, c.at from ${clock})
       where p.seller = ${this.key.seller} and p.operation = ${this.key.operation} and p.rate <> ${rate}`);
  }

  async drain() {
    await this.ensure();
    await this.db.execute(sql`
      update spapi_pacing p
         set (tokens, updated_at) = (select least(0, ${refilled}), c.at from ${clock})
       where p.seller = ${this.key.seller} and p.operation = ${this.key.operation}`);
  }
}

/**
 * Pacing shared through PostgreSQL: N workers using one seller's credentials stay within that seller's
 * one allowance. `napMs` bounds a wait between two looks at the row.
 */
export function postgresPacing(db: Db, options: { napMs?: number } = {}): PacerFactory {
  const napMs = options.napMs ?? 250;
  return (key, limits) => new SharedBucket(db, key, limits, napMs);
}
