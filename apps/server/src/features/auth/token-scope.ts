/**
 * What a personal API token may call: pushing product IDs in, following a report, pulling its filtered
 * rows and exports, the day's usage, the browser extension's quick check and inventory list, an
 * inventory's listings on Amazon, and a product's watches.
 * Everything else — billing, the account, the tokens themselves — needs the session, so a leaked token cannot spend money or mint more tokens.
 * Keys are Fastify route patterns (`request.routeOptions.url`), as the OpenAPI document names them too.
 */
const TOKEN_ROUTES: ReadonlyArray<readonly [method: string, url: string | RegExp]> = [
  ['GET', '/api/reports'],
  ['POST', '/api/reports'],
  ['GET', '/api/reports/:id'],
  ['GET', '/api/usage'],
  // The browser extension's "Add to inventory" picks one (read only; the add itself is /v1).
  ['GET', '/api/inventories'],
  // Listings on Amazon (issue 48): a seller's own tooling may publish and follow its offers.
  ['GET', '/api/inventories/:id/listings'],
  ['POST', '/api/inventories/:id/listings'],
  ['PUT', '/api/inventories/:id/listings/sync'],
  ['PUT', '/api/listings/pause'],
  ['GET', '/api/inventories/:id/listings/:product_id/history'],
  // Watches (issue 49), set from the extension's panel: a watch spends no money or credit and is capped by plan.
  ['GET', '/api/watches'],
  ['POST', '/api/watches'],
  ['DELETE', '/api/watches/:id'],
  ['*', /^\/v1\//],
];

export function tokenAllowed(method: string, routeUrl: string | undefined): boolean {
  if (!routeUrl) return false;
  return TOKEN_ROUTES.some(
    ([m, url]) =>
      (m === '*' || m === method.toUpperCase()) &&
      (typeof url === 'string' ? url === routeUrl : url.test(routeUrl)),
  );
}
