import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { concrete, registeredRoutes } from './helpers/routes';

/** Routes anyone may call: health, sign-in itself, the public settings and plans, the web app, the extension's zip. */
const PUBLIC = new Set([
  '/healthz',
  '/readyz',
  '*',
  '/api/auth/*',
  '/api/app-config',
  '/api/plans',
  '/api/password-recovery',
  '/api/stripe/webhook',
  '/dev/mailbox',
  '/dev/mailbox.json',
  // The sandbox store's page: loopback or demo only, as the mailbox (listings-sandbox.test.ts).
  '/dev/store',
  // Its "Place an order" (issue 60), loopback or demo only like the page.
  '/dev/store/orders',
  // Its "Read finances now" (issue 61), the same.
  '/dev/store/finances',
  '/sandbox/images/:asin.svg',
  '/downloads/crossmarket-extension.zip',
]);

let database: TestDatabase;
const apps: TestApp[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  apps.push(await buildTestApp(database, {}, { worker: false }));
  // Stripe mode adds its own routes (the SetupIntent); nothing is asked of Stripe here.
  apps.push(
    await buildTestApp(
      database,
      {
        PAYMENTS_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_sweep',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_sweep',
        STRIPE_WEBHOOK_SECRET: 'whsec_sweep',
        STRIPE_API_BASE: 'http://127.0.0.1:9',
      },
      { worker: false },
    ),
  );
});
afterAll(async () => {
  for (const a of apps) await a.close();
  await database.destroy();
});

describe('authentication before validation', () => {
  it('answers 401 on every guarded route without a session, whatever the body', async () => {
    const checked = new Set<string>();
    for (const { app } of apps) {
      for (const [method, path] of registeredRoutes(app)) {
        // The OpenAPI document and its reference page are public too.
        if (PUBLIC.has(path) || path === '/api/openapi.json' || path.startsWith('/api/docs')) continue;
        // The operator console answers 404 to everyone else, not 401 (admin-sweep.test.ts).
        if (path.startsWith('/api/admin/')) continue;
        const url = concrete(path);
        const bodies: (string | undefined)[] =
          method === 'GET' ? [undefined] : ['{"unexpected":[1,2,3]}', '{"not json', '[]'];
        for (const payload of bodies) {
          const res = await app.inject({
            method: method as 'GET',
            url,
            ...(payload === undefined ? {} : { payload, headers: { 'content-type': 'application/json' } }),
          });
          expect({ method, path, payload, status: res.statusCode }).toEqual({
            method,
            path,
            payload,
            status: 401,
          });
          const body = res.json();
          // The settings call keeps the specification's `{ error: true }` flag beside the code.
          const code = body.error === true ? body.code : body.error.code;
          expect(code).toBe('unauthenticated');
        }
        checked.add(`${method} ${path}`);
      }
    }
    // The sweep really walked the tree: a few routes of each group were among those checked.
    for (const route of [
      'POST /api/create-subscription',
      'POST /api/stripe/setup-intent',
      'GET /api/invoices/:invoiceId/pdf',
      'POST /api/set-password',
      'PATCH /api/me/profile',
      'GET /api/reports/:id/events',
      'POST /api/reports',
      'POST /v1/settings',
      'POST /v1/exports',
      'GET /v1/reports/:id/products/:productId/offers',
      'GET /api/exchange-rates',
      'DELETE /api/filter-sets/:id',
      'POST /api/create-ticket',
    ]) {
      expect(checked).toContain(route);
    }
    expect(checked.size).toBeGreaterThan(40);
  });
});
