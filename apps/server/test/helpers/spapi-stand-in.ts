import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const fixture = (name: string) =>
  JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../fixtures/spapi', name), 'utf8'));
const CATALOG_ITEM = fixture('catalog-item.json');
const ITEM_OFFERS = fixture('item-offers.json');

type Operation = 'searchCatalogItems' | 'getItemOffersBatch';
export interface StandInLimits {
  rate: number;
  burst: number;
}

/**
 * A local server answering like Amazon's SP-API (Login with Amazon, searchCatalogItems, getItemOffersBatch)
 * with responses built from the documented-model fixtures. It enforces its own rate limits per operation
 * (429 beyond them, and `x-amzn-RateLimit-Limit` on every answer) and records when each request came, so
 * a test or a benchmark can check the client's pacing. IDs starting with `BDOG` are unknown to it.
 */
export async function startSpapiStandIn(
  limits: Record<Operation, StandInLimits>,
  options: { throttleFirst?: number } = {},
) {
  const arrivals: Record<Operation, number[]> = { searchCatalogItems: [], getItemOffersBatch: [] };
  const throttled: Record<Operation, number> = { searchCatalogItems: 0, getItemOffersBatch: 0 };
  const buckets = Object.fromEntries(
    Object.entries(limits).map(([op, l]) => [op, { tokens: l.burst, at: performance.now() }]),
  ) as Record<Operation, { tokens: number; at: number }>;
  let tokenExchanges = 0;
  let forced = options.throttleFirst ?? 0;

  const admit = (op: Operation) => {
    const b = buckets[op];
    const now = performance.now();
    // A little slack for timer granularity: the client waits for whole tokens, the server counts exactly.
    b.tokens = Math.min(limits[op].burst, b.tokens + ((now - b.at) / 1000) * limits[op].rate);
    b.at = now;
    if (b.tokens < 0.98) return false;
    b.tokens -= 1;
    return true;
  };

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const send = (status: number, body: unknown, op?: Operation) => {
        res.writeHead(status, {
          'content-type': 'application/json',
          ...(op ? { 'x-amzn-ratelimit-limit': String(limits[op].rate) } : {}),
        });
        res.end(JSON.stringify(body));
      };
      if (url.pathname === '/auth/o2/token') {
        const form = new URLSearchParams(raw);
        if (
          form.get('grant_type') !== 'refresh_token' ||
          !form.get('refresh_token') ||
          !form.get('client_secret')
        )
          return send(400, { error: 'invalid_request' });
        tokenExchanges += 1;
        return send(200, {
          access_token: `Atza|token-${tokenExchanges}`,
          token_type: 'bearer',
          expires_in: 3600,
        });
      }
      if (!String(req.headers['x-amz-access-token'] ?? '').startsWith('Atza|'))
        return send(403, { errors: [] });
      const op: Operation | undefined =
        url.pathname === '/catalog/2022-04-01/items'
          ? 'searchCatalogItems'
          : url.pathname === '/batches/products/pricing/v0/itemOffers'
            ? 'getItemOffersBatch'
            : undefined;
      if (!op) return send(404, { errors: [{ code: 'NotFound' }] });
      arrivals[op].push(performance.now());
      if (forced > 0 || !admit(op)) {
        forced = Math.max(0, forced - 1);
        throttled[op] += 1;
        return send(
          429,
          {
            errors: [
              { code: 'QuotaExceeded', message: 'You exceeded your quota for the requested resource.' },
            ],
          },
          op,
        );
      }
      if (op === 'searchCatalogItems') {
        const ids = (url.searchParams.get('identifiers') ?? '').split(',').filter(Boolean);
        const marketplaceId = url.searchParams.get('marketplaceIds');
        const items = ids
          .filter((id) => !id.startsWith('BDOG'))
          .map((asin) => ({
            ...structuredClone(CATALOG_ITEM),
            asin,
            summaries: [{ ...CATALOG_ITEM.summaries[0], marketplaceId }],
          }));
        return send(200, { numberOfResults: items.length, items }, op);
      }
      const requests = (JSON.parse(raw) as { requests: { uri: string; MarketplaceId: string }[] }).requests;
      const responses = requests.map((r) => {
        const asin = r.uri.split('/')[5]!;
        return {
          status: { statusCode: 200, reasonPhrase: 'OK' },
          headers: {},
          body: { payload: { ...structuredClone(ITEM_OFFERS), ASIN: asin } },
          request: {
            MarketplaceId: r.MarketplaceId,
            Asin: asin,
            ItemCondition: 'New',
            CustomerType: 'Consumer',
          },
        };
      });
      return send(200, { responses }, op);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    lwaUrl: `${url}/auth/o2/token`,
    arrivals,
    throttled,
    tokenExchanges: () => tokenExchanges,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
