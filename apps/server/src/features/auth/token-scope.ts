import type { ApiTokenScope } from '@crossmarket/domain';

/**
 * What a personal API token may call, and the scope each call needs: pushing product IDs in, following a
 * report, pulling its filtered rows and exports, the day's usage, the browser extension's quick check and
 * inventory list, an inventory's listings on Amazon (`read`); a product's watches (`watches`); writing
 * to the seller's Amazon account (`listings_write`).
 * Everything else — billing, the account, the tokens themselves — needs the session, so a leaked token cannot spend money or mint more tokens.
 * Releasing a hold and turning the account's listings pause off need the session too (listings/routes.ts
 * asks `sessionIdOf`): a token can stop writes to Amazon, never start them again.
 * Keys are Fastify route patterns (`request.routeOptions.url`), as the OpenAPI document names them too.
 */
const TOKEN_ROUTES: ReadonlyArray<readonly [method: string, url: string | RegExp, scope: ApiTokenScope]> = [
  ['GET', '/api/reports', 'read'],
  ['POST', '/api/reports', 'read'],
  ['GET', '/api/reports/:id', 'read'],
  ['GET', '/api/usage', 'read'],
  // The browser extension's "Add to inventory" picks one (read only; the add itself is /v1).
  ['GET', '/api/inventories', 'read'],
  // Listings on Amazon (issue 48): a seller's own tooling may follow its offers, and with `listings_write`
  // publish them (after a dry run) and stop them.
  ['GET', '/api/inventories/:id/listings', 'read'],
  ['GET', '/api/inventories/:id/listings/:product_id/history', 'read'],
  ['POST', '/api/inventories/:id/listings', 'listings_write'],
  ['PUT', '/api/inventories/:id/listings/sync', 'listings_write'],
  ['PUT', '/api/listings/pause', 'listings_write'],
  // Watches (issue 49), set from the extension's panel: a watch spends no money or credit and is capped by plan.
  ['GET', '/api/watches', 'watches'],
  ['POST', '/api/watches', 'watches'],
  ['DELETE', '/api/watches/:id', 'watches'],
  // Orders (issue 60): a seller's own tooling may follow orders and record purchases and shipments (a
  // shipment is confirmed to Amazon) with a token made with the `orders` scope only.
  ['GET', '/api/orders', 'orders'],
  ['GET', '/api/orders/:id', 'orders'],
  ['POST', '/api/orders/:id/purchase', 'orders'],
  ['POST', '/api/orders/:id/shipment', 'orders'],
  ['POST', '/api/orders/:id/transition', 'orders'],
  // Money received (issue 61): what Amazon paid and the profit, read only.
  ['GET', '/api/money', 'read'],
  ['GET', '/api/money/export', 'read'],
  ['GET', '/api/money/orders/:amazon_order_id', 'read'],
  ['GET', '/api/orders/:id/money', 'read'],
  ['GET', '/api/money/orders', 'read'],
  // The border costs are the order's bookkeeping, like a purchase: the orders scope.
  ['PUT', '/api/orders/:id/costs', 'orders'],
  ['*', /^\/v1\//, 'read'],
];

/** The scope a token needs for the route, or null when no token may call it. */
export function tokenScopeFor(method: string, routeUrl: string | undefined): ApiTokenScope | null {
  if (!routeUrl) return null;
  const found = TOKEN_ROUTES.find(
    ([m, url]) =>
      (m === '*' || m === method.toUpperCase()) &&
      (typeof url === 'string' ? url === routeUrl : url.test(routeUrl)),
  );
  return found ? found[2] : null;
}

export function tokenAllowed(method: string, routeUrl: string | undefined): boolean {
  return tokenScopeFor(method, routeUrl) !== null;
}
