import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerAccounts } from '../src/features/amazon';
import { AuthorisationRevokedError, NotAuthorisedError } from '../src/providers/marketplace/errors';
import { localPacing, type PacerFactory } from '../src/providers/marketplace/spapi/pacing';
import type { LookupAccount, LookupAccounts } from '../src/providers/marketplace/types';
import { productIds } from './helpers/reports';
import { LIMITS, provider } from './helpers/spapi-client';
import { AMAZON_DEFAULT_LIMITS, startSpapiStandIn, type SpapiStandIn } from './helpers/spapi-stand-in';

// Whose allowance pays: each seller's own authorisation is its own bucket at Amazon; on the shared one,
// users take turns, so a small report is not held behind a big one.

/** The offers buckets' asks and grants, per bucket and tenant, in the order they happened. */
function grantLog() {
  const log: { seller: string; tenant: string; event: 'ask' | 'grant' }[] = [];
  const factory: PacerFactory = (key, limits) => {
    const pacer = localPacing(key, limits);
    if (key.operation !== 'getItemOffersBatch') return pacer;
    return {
      take: async (tenant) => {
        log.push({ seller: key.seller, tenant: tenant ?? '', event: 'ask' });
        await pacer.take(tenant);
        log.push({ seller: key.seller, tenant: tenant ?? '', event: 'grant' });
      },
      setRate: (rate) => pacer.setRate(rate),
      drain: () => pacer.drain(),
    };
  };
  return { log, factory };
}

const own = (sellingPartnerId: string, refreshToken: string, tenant: string): LookupAccount => ({
  own: { sellingPartnerId, refreshToken },
  tenant,
});

describe("at Amazon's default rates", () => {
  let stand: SpapiStandIn;
  beforeAll(async () => {
    stand = await startSpapiStandIn(AMAZON_DEFAULT_LIMITS);
  });
  afterAll(() => stand.close());

  it('gives two sellers with their own authorisations an allowance each', async () => {
    const { log, factory } = grantLog();
    const { marketplace } = provider(stand, {}, factory);
    // One offers call each, at once: Amazon's burst of 1 per authorisation lets both through.
    await Promise.all([
      marketplace.lookup(productIds(20, 'SELA'), 'us', {
        shipTo: 'us',
        account: own('A1SELLERA', 'Atzr|seller-a', 'a'),
      }),
      marketplace.lookup(productIds(20, 'SELB'), 'us', {
        shipTo: 'us',
        account: own('A1SELLERB', 'Atzr|seller-b', 'b'),
      }),
    ]);
    expect(stand.callsOf('Atzr|seller-a', 'getItemOffersBatch')).toBe(1);
    expect(stand.callsOf('Atzr|seller-b', 'getItemOffersBatch')).toBe(1);
    expect(stand.throttled.getItemOffersBatch).toBe(0);
    // Two buckets, named by a hash of each authorisation: never the token, nor the id a consent claimed.
    const buckets = new Set(log.filter((g) => g.event === 'grant').map((g) => g.seller));
    expect(buckets.size).toBe(2);
    for (const name of buckets) expect(name).toMatch(/^na:[0-9a-f]{32}$/);
  });
});

describe('on the shared authorisation', () => {
  let stand: SpapiStandIn;
  beforeAll(async () => {
    stand = await startSpapiStandIn(LIMITS);
  });
  afterAll(() => stand.close());

  it('serves a small report in turns with a big one, not after it', async () => {
    const small = productIds(100, 'SMALL');
    const { marketplace: alone } = provider(stand);
    let t0 = performance.now();
    await alone.lookup(small, 'us', { shipTo: 'us', account: { tenant: 'small' } });
    const aloneMs = performance.now() - t0;

    const { log, factory } = grantLog();
    const { marketplace } = provider(stand, undefined, factory);
    // The big report has three batches in flight at once (three workers on its chunks).
    const big = [0, 1, 2].map((i) =>
      marketplace.lookup(productIds(200, `BIG${i}`), 'us', { shipTo: 'us', account: { tenant: 'big' } }),
    );
    while (log.filter((g) => g.event === 'grant').length < 3) await new Promise((r) => setTimeout(r, 5));
    t0 = performance.now();
    await marketplace.lookup(small, 'us', { shipTo: 'us', account: { tenant: 'small' } });
    const behindMs = performance.now() - t0;
    await Promise.all(big);
    console.log(
      `100 products alone: ${(aloneMs / 1000).toFixed(1)} s; behind 600 of another user's: ` +
        `${(behindMs / 1000).toFixed(1)} s (${(behindMs / aloneMs).toFixed(2)}× alone)`,
    );
    // While each of the small report's calls waited, how many of the big report's were granted: in turns,
    // at most the one already being served (first come, first served would give it one per batch in
    // flight, three). Counted in events, not time, so a busy machine changes nothing.
    const waits: number[] = [];
    let waiting: number | null = null;
    for (const g of log) {
      if (g.tenant === 'small') {
        if (g.event === 'ask') waiting = 0;
        else if (waiting !== null) {
          waits.push(waiting);
          waiting = null;
        }
      } else if (g.event === 'grant' && waiting !== null) waiting += 1;
    }
    // One call per 20 products, and one more for each the stand-in throttled (timer jitter).
    expect(waits.length).toBeGreaterThanOrEqual(small.length / 20);
    expect(Math.max(...waits)).toBeLessThanOrEqual(1);
  });
});

describe("a seller's authorisation revoked mid-work", () => {
  it('is marked revoked once, and the work goes on under the shared one', async () => {
    const revoked: string[] = [];
    let ownValid = true;
    const accounts: LookupAccounts = {
      forUser: async () =>
        ownValid
          ? { kind: 'own', account: own('A1SELLER', 'Atzr|gone', 'u1') }
          : { kind: 'shared', account: { tenant: 'u1' } },
      revoked: async (_user, country) => {
        ownValid = false;
        revoked.push(country);
      },
    };
    const run = ownerAccounts(accounts, 'u1');
    const work = async (account: LookupAccount) => {
      if (account.own) throw new AuthorisationRevokedError('na');
      return 'shared';
    };
    // Both sides of a report in one region see the refusal together.
    expect(await Promise.all([run('us', work), run('us', work)])).toEqual(['shared', 'shared']);
    expect(revoked).toEqual(['us']);
  });

  it('stops the work when nothing else serves the user', async () => {
    let connected = true;
    const accounts: LookupAccounts = {
      forUser: async () => (connected ? { kind: 'own', account: own('A1SELLER', 'Atzr|gone', 'u2') } : null),
      revoked: async () => {
        connected = false;
      },
    };
    const run = ownerAccounts(accounts, 'u2');
    await expect(
      run('ca', async () => {
        throw new AuthorisationRevokedError('na');
      }),
    ).rejects.toThrow(/No Amazon authorisation serves lookups in CA/);
  });

  it('stops a report or an inventory update at its next batch once the seller replaced or removed it', async () => {
    let current = true;
    const asked: string[] = [];
    const accounts: LookupAccounts = {
      forUser: async () => ({ kind: 'own', account: own('A1SELLER', 'Atzr|old', 'u3') }),
      revoked: async () => {},
      stillCurrent: async (_user, _country, authorisation) => {
        asked.push(authorisation.refreshToken);
        return current;
      },
    };
    const run = ownerAccounts(accounts, 'u3');
    const batches: string[] = [];
    const work = async (account: LookupAccount) => {
      batches.push(account.own!.sellingPartnerId);
      return 'answered';
    };
    expect(await run('us', work)).toBe('answered');
    current = false; // the seller disconnected in Settings meanwhile
    const stopped = await run('us', work).catch((e: unknown) => e);
    expect(stopped).toBeInstanceOf(NotAuthorisedError);
    expect(stopped).toMatchObject({ code: 'amazon_not_connected', country: 'us' });
    expect(batches).toHaveLength(1);
    expect(asked).toEqual(['Atzr|old', 'Atzr|old']);
  });
});
