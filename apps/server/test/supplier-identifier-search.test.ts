import { readIdentifier } from '@crossmarket/domain';
import { upcOf, eanOf } from '@crossmarket/domain/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baselineSandbox } from './helpers/sandbox';
import type { CatalogIdentifier } from '../src/providers/marketplace/types';
import { AMAZON_DEFAULT_LIMITS, startSpapiStandIn, type SpapiStandIn } from './helpers/spapi-stand-in';
import { provider } from './helpers/spapi-client';

const ids = (count: number): CatalogIdentifier[] =>
  Array.from({ length: count }, (_, i) => {
    const read = readIdentifier(i % 2 ? upcOf(i + 1) : eanOf(i + 1));
    if (!read.ok) throw new Error('bad fixture');
    return { kind: read.id.kind, value: read.id.value };
  });

describe('searchIdentifiers against the SP-API stand-in', () => {
  let stand: SpapiStandIn;
  beforeAll(async () => {
    stand = await startSpapiStandIn({ searchCatalogItems: AMAZON_DEFAULT_LIMITS.searchCatalogItems });
  });
  afterAll(() => stand.close());

  it('asks 20 identifiers of one type a call, follows pages, leaves parents out, and answers as the sandbox', async () => {
    const { marketplace } = provider(stand);
    const asked = ids(60);
    const found = await marketplace.searchIdentifiers!(asked, 'us', {});
    expect(found.filter((f) => f === null).length).toBe(0);
    expect(stand.throttled.searchCatalogItems).toBe(0);
    expect(stand.refused).toEqual([]);
    // 30 UPCs and 30 EANs: two calls of each type at least (more where a page spilled over).
    expect(stand.arrivals.searchCatalogItems.length).toBeGreaterThanOrEqual(4);
    const sandbox = await baselineSandbox().searchIdentifiers!(asked, 'us', {});
    expect(found.map((list) => list!.map((m) => m.asin).sort())).toEqual(
      sandbox.map((list) => list!.map((m) => m.asin).sort()),
    );
    expect(found.flat().some((m) => m!.asin.startsWith('BPARENT'))).toBe(false);
    expect(found.some((list) => list!.length > 1)).toBe(true);
    expect(found.some((list) => list!.length === 0)).toBe(true);
    expect(found.flat().map((m) => m!.package_quantity)).toContain(6);
  });

  it('matches an ASIN to itself', async () => {
    const { marketplace } = provider(stand);
    const [found] = await marketplace.searchIdentifiers!([{ kind: 'ASIN', value: 'B07N4M94X4' }], 'us', {});
    expect(found!.map((m) => m.asin)).toEqual(['B07N4M94X4']);
  });
});
