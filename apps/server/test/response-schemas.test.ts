import type { RouteOptions } from 'fastify';
import { apiErrorSchema, meResponseSchema } from '@crossmarket/domain';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, fakeWebDist, type TestApp } from './helpers/app';
import { activeUser, jsonHeaders } from './helpers/auth';
import { createTestDatabase, type TestDatabase } from './helpers/db';

interface SeenRoute {
  method: string;
  url: string;
  response?: Record<string, unknown>;
}

// Every route as Fastify adds it: the app's onRoute hook, added before anything registers a route.
function routeLog(routes: SeenRoute[]) {
  return (route: RouteOptions) => {
    const response = (route.schema as { response?: Record<string, unknown> } | undefined)?.response;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push({ method, url: route.url, response });
    }
  };
}

/** Routes without a response schema of their own, each with the reason. */
const EXEMPT: ReadonlyArray<readonly [(url: string) => boolean, string]> = [
  [(url) => url === '/api/auth/*', "better-auth's catch-all: its endpoints answer what better-auth sends"],
  [(url) => url === '/api/openapi.json', 'the OpenAPI document itself (an OpenAPI object, not our data)'],
  [(url) => url === '/api/docs' || url.startsWith('/api/docs/'), 'the reference page and its static assets'],
  [(url) => url === '*' || url === '/*', "the web app's built files and its page fallback"],
];
const exemption = (url: string) => EXEMPT.find(([test]) => test(url))?.[1];

let database: TestDatabase;
let distDir: string;
const apps: { app: TestApp; routes: SeenRoute[] }[] = [];

async function build(overrides: object, worker = false) {
  const routes: SeenRoute[] = [];
  const app = await buildTestApp(
    database,
    { webDistDir: distDir, ...overrides },
    { worker, onRoute: routeLog(routes) },
  );
  apps.push({ app, routes });
  return app;
}

beforeAll(async () => {
  database = await createTestDatabase();
  distDir = fakeWebDist();
  // With the worker: the answers below need signed-up users, whose activation mail it sends.
  await build({}, true);
  // Stripe mode adds its own routes (the SetupIntent, the webhook); nothing is asked of Stripe here.
  await build({
    PAYMENTS_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_schemas',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_schemas',
    STRIPE_WEBHOOK_SECRET: 'whsec_schemas',
    STRIPE_API_BASE: 'http://127.0.0.1:9',
  });
});
afterAll(async () => {
  for (const { app } of apps) await app.close();
  await database.destroy();
  fs.rmSync(distDir, { recursive: true, force: true });
});

describe('response schemas', () => {
  it('every route declares a zod schema for its success status, unless exempt with a reason', () => {
    for (const { routes } of apps) {
      expect(routes.length).toBeGreaterThan(40);
      const missing = routes
        .filter((r) => !exemption(r.url))
        .filter((r) => {
          // A redirect's 302 is its success (Amazon's callback and log-in URIs answer nothing else).
          const success = Object.entries(r.response ?? {}).filter(([status]) => /^[23]/.test(status));
          return success.length === 0 || success.some(([, schema]) => !(schema instanceof z.ZodType));
        });
      expect(missing.map((r) => `${r.method} ${r.url}`)).toEqual([]);
    }
    // Both payment modes' own routes were seen.
    const urls = new Set(apps.flatMap(({ routes }) => routes.map((r) => r.url)));
    for (const url of ['/api/sandbox/confirm-payment', '/api/stripe/setup-intent', '/api/stripe/webhook'])
      expect(urls).toContain(url);
  });

  it('declares every error status in the shared error shape', () => {
    for (const { routes } of apps) {
      const wrong = routes.flatMap((r) =>
        Object.entries(r.response ?? {})
          .filter(([status]) => /^4/.test(status))
          .filter(([, schema]) => !(schema instanceof z.ZodType) || !errorShaped(schema))
          .map(([status]) => `${r.method} ${r.url} ${status}`),
      );
      expect(wrong).toEqual([]);
    }
  });

  it('sends dates as ISO strings and drops what the schema does not declare', async () => {
    const { app } = apps[0]!.app;
    const cookie = await activeUser(app, database.db, 'schemas@example.com');
    const res = await app.inject({ url: '/api/me', headers: jsonHeaders(cookie) });
    expect(res.statusCode).toBe(200);
    const me = res.json() as Record<string, Record<string, unknown>>;
    expect(me.user!.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(me.profile!.updated_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    // Exactly the declared members: the answer is already the schema's output.
    expect(meResponseSchema.parse(me)).toEqual(me);
  });

  it('keeps an error’s details (fields, key) through the error schema', async () => {
    const { app } = apps[0]!.app;
    const cookie = await activeUser(app, database.db, 'schemas-errors@example.com');
    const res = await app.inject({
      method: 'PATCH',
      url: '/api/me/profile',
      headers: jsonHeaders(cookie),
      payload: { first_name: '' },
    });
    expect(res.statusCode).toBe(400);
    const body = apiErrorSchema.parse(res.json());
    expect(body.error.code).toBe('validation_error');
    expect(body.error.fields?.map((f) => f.field)).toContain('first_name');
  });
});

/** The shared `{ error: { code, message } }` shape, or the settings call's `{ error: true, code, message }`. */
function errorShaped(schema: z.ZodType): boolean {
  const sample = { error: { code: 'x', message: 'y', extra: 1 } };
  const flat = { error: true, code: 'x', message: 'y' };
  return schema.safeParse(sample).success || schema.safeParse(flat).success;
}
