import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leased } from '../src/features/listings/jobs';
import { runListings, type ListingsDeps } from '../src/features/listings/publish';
import { insertRun } from '../src/features/listings/repo';
import { renewRunLease, withRunOwner } from '../src/features/listings/run-results';
import type { SellerStore } from '../src/providers/seller-store';
import { seedDryRun } from './helpers/listings';
import { spapiSeller, type SpapiSeller } from './helpers/spapi-seller';
import type { SpapiStandIn } from './helpers/spapi-stand-in';

// A run job that could not renew its lease in time (a stalled worker) finds, at its next renewal, that the
// sweep gave the run to a copy: it stops before its next chunk and leaves the run to the copy, rather than
// sending Amazon the same products beside it.

let seller: SpapiSeller;
let stand: SpapiStandIn;
let deps: ListingsDeps;
const products = Array.from({ length: 60 }, (_, i) => ({
  code: `B0000062${String(i).padStart(2, '0')}`,
  std: 30 + (i % 10),
  min: 20,
  max: 80,
  stock: 3,
}));
const quiet = pino({ level: 'silent' });
const puts = (from: number) =>
  stand.listings.calls.slice(from).filter((c) => c.operation === 'putListingsItem' && c.mode === null);

beforeAll(async () => {
  seller = await spapiSeller('Atzr|alice-na-lease', {}, products);
  ({ stand, deps } = seller);
});
afterAll(() => seller.close());

describe('a lease renewal that finds the run taken', () => {
  it('marks the lease lost; a renewal that fails says nothing', async () => {
    const answers: (boolean | Error)[] = [new Error('connection reset'), true, false];
    const seen: boolean[] = [];
    await leased(
      async () => {
        const a = answers.shift() ?? false;
        if (a instanceof Error) throw a;
        return a;
      },
      async (lost) => {
        for (let i = 0; i < 4; i += 1) {
          await new Promise((r) => setTimeout(r, 30));
          seen.push(lost());
        }
      },
      quiet,
      20,
    );
    // Lost only after the renewal that answered false; never before it.
    expect(seen.at(-1)).toBe(true);
    expect(seen[0]).toBe(false);
  });

  it('a publish stops before its next chunk and leaves the run running for the copy', async () => {
    const { database, userId, inventoryId } = seller;
    await seedDryRun(
      database.db,
      userId,
      inventoryId,
      products.map((p) => p.code),
    );
    const run = await insertRun(database.db, userId, inventoryId, 'publish', null);
    // The copy the sweep started takes the lease while the first chunk is at Amazon.
    let taken = false;
    const store: SellerStore = {
      ...deps.store,
      put: async (...args: Parameters<SellerStore['put']>) => {
        if (!taken && !args[3]?.preview) {
          taken = true;
          await database.db.execute(sql`update listing_runs set lease_owner = 'copy'
            where id = ${run.id}::uuid`);
        }
        return deps.store.put(...args);
      },
    };
    const before = stand.listings.calls.length;
    const owner = 'first';
    const outcome = await withRunOwner(owner, () =>
      runListings(
        {
          ...deps,
          store,
          // What `leased` reports after its next renewal: this job's lease is no longer its own.
          leaseLost: () => taken,
        },
        run.id,
      ),
    );
    expect(outcome).toBe('lease-lost');
    expect(puts(before)).toHaveLength(50);
    expect(await renewRunLease(database.db, run.id, owner)).toBe(false);
    const [row] = (
      await database.db.execute<{ status: string; lease_owner: string }>(
        sql`select status, lease_owner from listing_runs where id = ${run.id}::uuid`,
      )
    ).rows;
    expect(row).toEqual({ status: 'running', lease_owner: 'copy' });
  });
});
