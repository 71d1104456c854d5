import { reportCreationSchema, settingsRequestSchema } from '@crossmarket/domain';
import type { z } from 'zod';
import { tokenAllowed } from '../features/auth/token-scope';

/**
 * What the OpenAPI document says beyond the route schemas: which routes it leaves out, tags, security,
 * the errors a route answers when it declares none, and the bodies of routes that parse their own.
 */

export const OPENAPI_URL = '/api/openapi.json';
export const DOCS_PREFIX = '/api/docs';

/** Routes kept out of the document, and why. */
export const HIDDEN_ROUTES: Readonly<Record<string, string>> = {
  '/api/auth/*':
    "better-auth's catch-all: the web app's sign-in, sign-up and token screens, not an API for scripts (see the description)",
  '/api/stripe/webhook': 'called by Stripe only, signed with the webhook secret',
  '/dev/mailbox': 'development only: the outbox page',
  '/dev/mailbox.json': 'development only: the outbox',
  '/sandbox/images/:asin.svg': "the sandbox marketplace's drawn product images, not an API",
  '/api/amazon/callback':
    "Amazon's OAuth redirect URI: the seller's browser comes back from the consent page and is redirected to the settings tab",
  '/api/amazon/login': "Amazon Appstore's log-in URI: a browser step that redirects back to Amazon",
  '/dev/store': "development only: the sandbox's stand-in for sellers' Amazon stores (issue 48)",
  '/dev/store/orders': 'development only: places a sandbox order on a sandbox listing (issue 60)',
  '/dev/store/finances': "development only: reads every connected seller's finances now (issue 61)",
  '/dev/amazon/consent': "development only: the sandbox's stand-in for Seller Central's consent page",
  [OPENAPI_URL]: 'the document itself',
  '/downloads/crossmarket-extension.zip': 'the browser extension, a file to install rather than an API',
};

/**
 * The operator console's calls are not an API for scripts: they take no token, and to anyone but an
 * operator they do not exist (404), which a public document would contradict.
 */
export const CONSOLE_PREFIX = '/api/admin/';

/** Routes anyone may call; every other route is guarded (the test checks both against real answers). */
export const PUBLIC_ROUTES: ReadonlySet<string> = new Set([
  '/healthz',
  '/readyz',
  '/api/app-config',
  '/api/plans',
  '/api/password-recovery',
]);

export const TAGS = [
  { name: 'reports', description: 'Send product IDs in and follow the report.' },
  {
    name: 'supplier lists',
    description: "Suppliers' price lists (CSV or Excel) checked line by line, to create reports from.",
  },
  { name: 'analysis', description: "A report's filtered rows, charts, exports and settings." },
  { name: 'quick check', description: 'One product looked up now, as a report row (the browser extension).' },
  { name: 'history', description: "A product's price, offer and sales rank history in one marketplace." },
  {
    name: 'watches',
    description: 'Products watched for a price or stock change, and the notifications they gave.',
  },
  { name: 'account', description: 'The signed-in user: profile, usage, password.' },
  { name: 'plans', description: 'The plans on sale.' },
  { name: 'billing', description: 'Subscriptions, payments and invoices (session only).' },
  { name: 'filter sets', description: 'Saved filters.' },
  { name: 'lanes', description: 'Settings per buying → selling country: taxes, duties and shipping.' },
  { name: 'inventories', description: 'Uploaded inventories.' },
  {
    name: 'orders',
    description:
      "Amazon orders: buying at the source, the forwarder's shipment and its confirmation to Amazon.",
  },
  { name: 'support', description: 'Help centre and tickets.' },
  { name: 'exchange rates', description: 'Currency rates the reports use.' },
  { name: 'amazon', description: 'Amazon selling accounts connected per region (session only).' },
  {
    name: 'money',
    description: "What Amazon paid for each order against the estimate, and the seller's real profit.",
  },
  { name: 'service', description: 'Health checks and the web app configuration.' },
] as const;
type Tag = (typeof TAGS)[number]['name'];

/** Tags by URL, first match wins. */
const TAG_RULES: ReadonlyArray<readonly [RegExp, Tag]> = [
  [/^\/api\/reports(\/|$)/, 'reports'],
  [/^\/api\/(supplier-lists|suppliers)(\/|$)/, 'supplier lists'],
  [/^\/v1\/lookup$/, 'quick check'],
  [/^\/v1\/products\/[^/]+\/[^/]+\/history$/, 'history'],
  [/^\/api\/(watches|notifications)(\/|$)/, 'watches'],
  [/^\/v1\//, 'analysis'],
  [/^\/api\/(me|usage|set-password|reset-password|password-recovery|change-user-password)(\/|$)/, 'account'],
  [/^\/api\/plans$/, 'plans'],
  [
    /^\/api\/(get-products|check-coupon|[a-z-]*subscription|change-payment-method|pay-invoice|payments|invoices|stripe|sandbox)(\/|$)/,
    'billing',
  ],
  [/^\/api\/filter-sets(\/|$)/, 'filter sets'],
  [/^\/api\/lanes(\/|$)/, 'lanes'],
  [/^\/api\/inventories(\/|$)/, 'inventories'],
  [/^\/api\/listings(\/|$)/, 'inventories'],
  [/^\/api\/orders(\/|$)/, 'orders'],
  [/^\/api\/(support|create-ticket|get-yt-videos)(\/|$)/, 'support'],
  [/^\/api\/exchange-rates$/, 'exchange rates'],
  [/^\/api\/amazon\//, 'amazon'],
  [/^\/api\/money(\/|$)/, 'money'],
  [/^\/(healthz|readyz|api\/app-config)$/, 'service'],
];

/** The URL's tag; an unknown one stands out (`other`), and the test asks for a rule. */
export const tagOf = (url: string): string => TAG_RULES.find(([re]) => re.test(url))?.[1] ?? 'other';

/** The `security` of an operation: none on public routes, the token beside the session where `tokenAllowed` says. */
export function securityOf(method: string, url: string): Record<string, string[]>[] {
  if (PUBLIC_ROUTES.has(url)) return [];
  return tokenAllowed(method, url) ? [{ sessionCookie: [] }, { bearerAuth: [] }] : [{ sessionCookie: [] }];
}

/** `GET /api/reports/:id` → `getApiReportsById`. */
export function operationIdOf(method: string, url: string) {
  const words = url
    .split('/')
    .map((s) => (s.startsWith(':') ? `by-${s.slice(1)}` : s))
    .flatMap((s) => s.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return method.toLowerCase() + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

/**
 * Request bodies of routes that parse their body in the handler (multipart, or an error shape of their
 * own): documented from the domain schema the handler parses with.
 */
export const SELF_PARSED_BODIES: Readonly<Record<string, z.ZodType>> = {
  'POST /api/reports': reportCreationSchema,
  'POST /v1/settings': settingsRequestSchema,
};

/** POST /api/reports also takes the All Listings Report as a multipart upload. */
export const LISTINGS_UPLOAD = {
  type: 'object',
  required: ['file'],
  properties: {
    title: { type: 'string', maxLength: 200 },
    from_country: { type: 'string' },
    to_country: { type: 'string' },
    file: {
      type: 'string',
      contentMediaType: 'text/plain',
      description: 'Amazon All Listings Report (.txt)',
    },
  },
};

/** `/v1/settings` keeps the specification's answer: `{ error: true, code, message }` on a refusal. */
export const SETTINGS_ERROR_SCHEMA = {
  type: 'object',
  required: ['error', 'code', 'message'],
  properties: { error: { const: true }, code: { type: 'string' }, message: { type: 'string' } },
  description: "The settings call's refusal: the specification's `error: true` beside the usual code.",
};
const ERROR_SHAPE_OF: Readonly<Record<string, string>> = { 'POST /v1/settings': 'SettingsError' };

/** Refusals beyond the usual ones: limits and conflicts a route checks in its handler. */
const HANDLER_ERRORS: Readonly<Record<string, readonly number[]>> = {
  'POST /api/password-recovery': [429],
  'POST /api/reset-password': [429],
  'POST /api/change-user-password': [429],
  'POST /api/check-coupon': [429],
  'POST /api/stripe/setup-intent': [429],
  'POST /api/create-ticket': [429],
  'GET /api/reports/:id/events': [429],
  'POST /v1/settings': [429],
  'POST /v1/exports': [409, 429],
  'POST /v1/charts': [429],
  'POST /api/inventories/:id/update': [409, 429],
  'POST /api/inventories/:id/listings': [409],
};

/** What each error status means here; 403 depends on whether a token may call the route. */
export function errorDescription(status: string, method: string, url: string): string | undefined {
  if (status === '403') {
    return tokenAllowed(method, url)
      ? 'The account is inactive, suspended or its plan does not allow this; or a foreign Origin.'
      : 'Session only: a personal API token cannot call this. Or the account is inactive or suspended, or a foreign Origin.';
  }
  return {
    '400': 'Invalid request: a `validation_error` lists the fields.',
    '401': 'Not signed in, or the token is unknown, revoked or expired.',
    '404': 'Not found, or not yours.',
    '409': 'In conflict with the state of the resource or work in progress.',
    '429': 'Too many requests: wait `Retry-After` seconds.',
    '500': 'Something went wrong on our side.',
    '503': 'Not available now.',
  }[status];
}

/**
 * The errors a route can answer when it declares none, from what it takes and how it is guarded, each as
 * a reference to the shared error schema (`errorSchemaId`) or the route's own shape.
 */
export function defaultErrors(
  method: string,
  url: string,
  schema: { body?: unknown; querystring?: unknown },
) {
  const key = `${method} ${url}`;
  const codes = new Set<number>(HANDLER_ERRORS[key]);
  if (schema.body || schema.querystring || ['POST', 'PUT', 'PATCH'].includes(method)) codes.add(400);
  if (!PUBLIC_ROUTES.has(url)) codes.add(401).add(403);
  if (url.includes('/:')) codes.add(404);
  if (tokenAllowed(method, url)) codes.add(429);
  return { codes: [...codes].sort(), shape: ERROR_SHAPE_OF[key] };
}
