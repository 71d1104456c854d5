import fs from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifySchema, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { tokenAllowed } from '../src/features/auth/token-scope';
import { API_EXAMPLES } from '../src/http/openapi-examples';
import {
  CONSOLE_PREFIX,
  DOCS_PREFIX,
  HIDDEN_ROUTES,
  SELF_PARSED_BODIES,
  TAGS,
} from '../src/http/openapi-rules';
import { buildTestApp, fakeWebDist, type TestApp } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/db';

interface SeenRoute {
  method: string;
  url: string;
  schema?: FastifySchema & { body?: z.ZodType; response?: Record<string, z.ZodType> };
}

// Every route as Fastify adds it: the app's onRoute hook, added before anything registers a route.
function routeLog(routes: SeenRoute[]) {
  return (route: RouteOptions) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD')
        routes.push({ method, url: route.url, schema: route.schema as SeenRoute['schema'] });
    }
  };
}

/** Registered routes the document leaves out on purpose, beyond HIDDEN_ROUTES (which give their reasons). */
const EXEMPT: ReadonlyArray<readonly [(url: string) => boolean, string]> = [
  [(url) => url in HIDDEN_ROUTES, 'hidden in openapi-rules.ts, with the reason there'],
  [(url) => url === DOCS_PREFIX || url.startsWith(`${DOCS_PREFIX}/`), 'the reference page and its assets'],
  [(url) => url === '*' || url === '/*', "the web app's files and page fallback"],
  [
    (url) => url.startsWith(CONSOLE_PREFIX),
    'the operator console, hidden with the reason in openapi-rules.ts',
  ],
];
const exempt = (url: string) => EXEMPT.some(([test]) => test(url));

type Operation = {
  operationId: string;
  tags: string[];
  security: Record<string, string[]>[];
  requestBody?: { content: Record<string, { schema: object; example?: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: object; example?: unknown }> }>;
};
type Document = { paths: Record<string, Record<string, Operation>> } & Record<string, unknown>;

const openapiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');
const concrete = (url: string) =>
  url
    .replace(':id', '00000000-0000-4000-8000-000000000000')
    .replace(':productId', 'B000000001')
    .replace(':invoiceId', 'in_0000');

let database: TestDatabase;
let distDir: string;
const apps: { app: TestApp; routes: SeenRoute[]; doc: Document; resolved: Document }[] = [];

async function build(overrides: object) {
  const routes: SeenRoute[] = [];
  const app = await buildTestApp(
    database,
    { webDistDir: distDir, ...overrides },
    { worker: false, onRoute: routeLog(routes) },
  );
  const res = await app.app.inject('/api/openapi.json');
  expect(res.statusCode, res.body).toBe(200);
  const doc = res.json() as Document;
  const validator = new Validator();
  const result = await validator.validate(structuredClone(doc));
  const resolved = result.valid ? (validator.resolveRefs() as Document) : doc;
  apps.push({ app, routes, doc, resolved });
}

beforeAll(async () => {
  database = await createTestDatabase();
  distDir = fakeWebDist();
  await build({});
  // Stripe mode adds its own routes (the SetupIntent, the webhook); nothing is asked of Stripe here.
  await build({
    PAYMENTS_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_openapi',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_openapi',
    STRIPE_WEBHOOK_SECRET: 'whsec_openapi',
    STRIPE_API_BASE: 'http://127.0.0.1:9',
  });
});
afterAll(async () => {
  for (const { app } of apps) await app.close();
  await database.destroy();
  fs.rmSync(distDir, { recursive: true, force: true });
});

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
function expectValid(schema: object, value: unknown, what: string) {
  const validate = ajv.compile(schema);
  expect({ what, errors: validate(value) ? null : validate.errors }).toEqual({ what, errors: null });
}

const operations = (doc: Document) =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
  );

/** Error statuses whose body is not the error shape, and why. */
const OWN_ERROR_BODIES: Readonly<Record<string, string>> = {
  'GET /readyz 503': 'the readiness checks, for the load balancer',
};

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document, in both payment modes', async () => {
    for (const { doc } of apps) {
      expect(doc.openapi).toBe('3.1.0');
      const result = await new Validator().validate(structuredClone(doc));
      expect(result.errors ?? null).toBeNull();
      expect(result.valid).toBe(true);
    }
  });

  it('lists every registered route with its method, and nothing else', () => {
    for (const { doc, routes } of apps) {
      const listed = routes.filter((r) => !exempt(r.url));
      expect(listed.length).toBeGreaterThan(40);
      const missing = listed.filter((r) => !doc.paths[openapiPath(r.url)]?.[r.method.toLowerCase()]);
      expect(missing.map((r) => `${r.method} ${r.url}`)).toEqual([]);
      const registered = new Set(listed.map((r) => `${r.method} ${openapiPath(r.url)}`));
      const extra = operations(doc).filter(({ path, method }) => !registered.has(`${method} ${path}`));
      expect(extra.map(({ path, method }) => `${method} ${path}`)).toEqual([]);
      for (const url of Object.keys(HIDDEN_ROUTES)) expect(doc.paths[openapiPath(url)]).toBeUndefined();
    }
    const stripe = apps[1]!.doc;
    expect(stripe.paths['/api/stripe/setup-intent']?.post).toBeDefined();
  });

  it('tags every operation by its URL and names each one once', () => {
    const known = new Set<string>(TAGS.map((t) => t.name));
    for (const { doc } of apps) {
      const ids = operations(doc).map(({ op }) => op.operationId);
      expect(new Set(ids).size).toBe(ids.length);
      for (const { path, method, op } of operations(doc)) {
        expect({ path, method, tags: op.tags.filter((t) => !known.has(t)) }).toEqual({
          path,
          method,
          tags: [],
        });
      }
    }
    const { doc } = apps[0]!;
    expect(doc.paths['/api/reports']!.post!.tags).toEqual(['reports']);
    expect(doc.paths['/v1/filters']!.post!.tags).toEqual(['analysis']);
    expect(doc.paths['/api/me/profile']!.patch!.tags).toEqual(['account']);
    expect(doc.paths['/api/create-subscription']!.post!.tags).toEqual(['billing']);
  });

  it('gives each operation the security tokenAllowed and the guard say', async () => {
    const { app, doc } = apps[1]!;
    const securitySchemes = (doc.components as { securitySchemes: Record<string, object> }).securitySchemes;
    expect(securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(securitySchemes.sessionCookie).toMatchObject({ type: 'apiKey', in: 'cookie' });
    expect((securitySchemes.sessionCookie as { name: string }).name).toMatch(/session_token$/);
    for (const route of apps[1]!.routes.filter((r) => !exempt(r.url))) {
      const op = doc.paths[openapiPath(route.url)]![route.method.toLowerCase()]!;
      const res = await app.app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        ...(route.method === 'GET' ? {} : { payload: '{}', headers: { 'content-type': 'application/json' } }),
      });
      const guarded = res.statusCode === 401;
      const expected = !guarded
        ? []
        : tokenAllowed(route.method, route.url)
          ? [{ sessionCookie: [] }, { bearerAuth: [] }]
          : [{ sessionCookie: [] }];
      expect({ route: `${route.method} ${route.url}`, security: op.security }).toEqual({
        route: `${route.method} ${route.url}`,
        security: expected,
      });
      // The refusal a stranger gets is the one documented.
      if (guarded) {
        const documented = apps[1]!.resolved.paths[openapiPath(route.url)]![route.method.toLowerCase()]!;
        const schema = documented.responses['401']?.content?.['application/json']?.schema;
        expect(schema, `${route.method} ${route.url} documents its 401`).toBeDefined();
        expectValid(schema!, res.json(), `${route.method} ${route.url} 401`);
      }
    }
    expect(doc.paths['/api/reports']!.get!.security).toContainEqual({ bearerAuth: [] });
    expect(doc.paths['/api/create-subscription']!.post!.security).toEqual([{ sessionCookie: [] }]);
    expect(doc.paths['/api/plans']!.get!.security).toEqual([]);
  });

  it('documents error responses on every operation, in the error shape', () => {
    for (const { resolved } of apps) {
      for (const { path, method, op } of operations(resolved)) {
        const errors = Object.keys(op.responses).filter((code) => /^[45]/.test(code));
        const guarded = op.security.length > 0;
        // A personal token's calls are counted and can be refused with 429, whatever else the route answers.
        const byToken = op.security.some((s) => 'bearerAuth' in s);
        expect({
          path,
          method,
          errors: errors.length > 0,
          documents401: errors.includes('401'),
          documents429: errors.includes('429'),
        }).toMatchObject({
          path,
          method,
          errors: true,
          documents401: guarded,
          ...(byToken && { documents429: true }),
        });
        for (const code of errors.filter((c) => !(`${method} ${path} ${c}` in OWN_ERROR_BODIES))) {
          const schema = op.responses[code]!.content?.['application/json']?.schema as
            { properties?: Record<string, unknown> } | undefined;
          expect({ path, method, code, error: Boolean(schema?.properties?.error) }).toEqual({
            path,
            method,
            code,
            error: true,
          });
        }
      }
    }
  });
});

describe('the examples', () => {
  it('validate against the route schemas and appear in the document', () => {
    const { routes, resolved } = apps[0]!;
    expect(Object.keys(API_EXAMPLES).length).toBeGreaterThanOrEqual(6);
    for (const [key, example] of Object.entries(API_EXAMPLES)) {
      const [method, url] = key.split(' ') as [string, string];
      const route = routes.find((r) => r.method === method && r.url === url);
      expect(route, key).toBeDefined();
      const op = resolved.paths[openapiPath(url)]![method.toLowerCase()]!;
      if (example.request !== undefined) {
        const body = route!.schema?.body ?? SELF_PARSED_BODIES[key];
        expect(body, `${key} has a request schema`).toBeDefined();
        const parsed = body!.safeParse(example.request);
        expect({ key, issues: parsed.error?.issues ?? null }).toEqual({ key, issues: null });
        // Nothing in the example is dropped by the schema (an object strips unknown keys silently).
        expect(parsed.data).toMatchObject(example.request as object);
        const media = op.requestBody!.content['application/json']!;
        expect(media.example).toEqual(example.request);
        expectValid(media.schema, example.request, `${key} request`);
      }
      if (example.response !== undefined) {
        const schema = route!.schema?.response?.[String(example.status)];
        expect(schema, `${key} declares its ${example.status} response schema`).toBeDefined();
        const parsed = schema!.safeParse(example.response);
        expect({ key, issues: parsed.error?.issues ?? null }).toEqual({ key, issues: null });
        const media = op.responses[String(example.status)]!.content!['application/json']!;
        expect(media.example).toEqual(example.response);
        // The document's output schemas forbid undeclared properties: an example cannot carry extras.
        expectValid(media.schema, example.response, `${key} response`);
      }
    }
  });

  it('every example in the document, errors included, validates against its schema', () => {
    let checked = 0;
    for (const { resolved } of apps) {
      for (const { path, method, op } of operations(resolved)) {
        const media = [
          ...Object.entries(op.requestBody?.content ?? {}).map(
            ([type, m]) => [`request ${type}`, m] as const,
          ),
          ...Object.entries(op.responses).flatMap(([status, r]) =>
            Object.entries(r.content ?? {}).map(([type, m]) => [`${status} ${type}`, m] as const),
          ),
        ];
        for (const [what, m] of media.filter(([, m]) => m.example !== undefined)) {
          expectValid(m.schema, m.example, `${method} ${path} ${what}`);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
});

describe('the reference page', () => {
  it('serves /api/docs and its assets from this server, ahead of the web app fallback', async () => {
    const { app } = apps[0]!;
    const page = await app.app.inject(`${DOCS_PREFIX}/`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('swagger-ui-bundle.js');
    expect(page.body).not.toMatch(/https?:\/\//);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).not.toContain("'unsafe-eval'");
    for (const asset of ['swagger-ui-bundle.js', 'swagger-initializer.js', 'swagger-ui.css']) {
      const res = await app.app.inject(`${DOCS_PREFIX}/static/${asset}`);
      expect({ asset, status: res.statusCode }).toEqual({ asset, status: 200 });
      expect(res.body).not.toContain('<div id="root">');
    }
    const unknown = await app.app.inject(`${DOCS_PREFIX}/static/nothing.js`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('not_found');
    const json = await app.app.inject(`${DOCS_PREFIX}/json`);
    expect(json.json()).toEqual(apps[0]!.doc);
  });
});
