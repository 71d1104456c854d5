import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../src/http/json-body';
import { nulPath } from '../src/http/nul-bytes';
import { UPLOAD_LIMIT_MB } from '../src/features/reports/routes';
import { buildTestApp, type TestApp } from './helpers/app';
import { activeUser } from './helpers/auth';
import { subscribe } from './helpers/billing';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import {
  AUTH_BODY_LIMIT,
  deepestJson,
  JSON_BODY_LIMIT,
  REPORTS_BODY_LIMIT,
  V1_EXPORTS_BODY_LIMIT,
} from './helpers/hostile-bodies';

// Issue 57: a deep body posted before any sign-in (or any rate limit) cost time in the square of its
// depth. Each body here is the deepest its route's body limit lets through; each must be refused (400)
// by the parser, and the server must keep answering while they are handled. How long each takes is
// measured and printed by bench/hardening.bench.ts (no timing is asserted here).

let database: TestDatabase;
let app: TestApp;
let base: string;
let cookie: string;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApp(database);
  cookie = await activeUser(app.app, database.db, 'deep@example.com');
  await subscribe(app.app, cookie, 'S');
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  await app?.close();
  await database?.destroy();
});

interface Hostile {
  what: string;
  url: string;
  body: string | Buffer | FormData;
  headers?: Record<string, string>;
  signedIn?: boolean;
}

const post = ({ url, body, headers = {}, signedIn }: Hostile) =>
  fetch(base + url, {
    method: 'POST',
    headers: {
      ...(typeof body === 'string' || Buffer.isBuffer(body) ? { 'content-type': 'application/json' } : {}),
      ...headers,
      ...(signedIn ? { cookie } : {}),
    },
    body,
  });

/** The answer's status and its first field error, as the client reads them. */
async function answer(res: Response) {
  const json = (await res.json()) as { error?: { code?: string; fields?: { field: string; key: string }[] } };
  return { status: res.status, code: json.error?.code, field: json.error?.fields?.[0] };
}

const TOO_DEEP = {
  status: 400,
  code: 'validation_error',
  field: expect.objectContaining({ field: 'body', key: 'validation.tooDeep' }),
};

function jsonCases(url: string, limit: number, signedIn: boolean): Hostile[] {
  return (['arrays', 'objects', 'mixed'] as const).map((shape) => ({
    what: `${shape} nested to ${url}'s limit`,
    url,
    body: deepestJson(shape, limit),
    signedIn,
  }));
}

describe('bodies nested as deep as the body limit allows', () => {
  it('builds the bodies it claims: at the limit, and as deep as it allows', () => {
    const arrays = deepestJson('arrays', JSON_BODY_LIMIT);
    expect(Buffer.byteLength(arrays)).toBeLessThanOrEqual(JSON_BODY_LIMIT);
    expect(Buffer.byteLength(arrays)).toBeGreaterThan(JSON_BODY_LIMIT - 2);
    expect(Buffer.byteLength(deepestJson('objects', REPORTS_BODY_LIMIT))).toBeGreaterThan(
      REPORTS_BODY_LIMIT - 16,
    );
  });

  it('are refused 400 by the parser on sign-in, /v1 and the multipart route, while /healthz answers', async () => {
    const cases = [
      ...jsonCases('/api/auth/sign-in/email', AUTH_BODY_LIMIT, false),
      // The other route that reads a body with no session.
      ...jsonCases('/api/password-recovery', AUTH_BODY_LIMIT, false),
      ...jsonCases('/v1/exports', V1_EXPORTS_BODY_LIMIT, true),
      // The report route takes JSON and multipart, with a larger limit (4 MB).
      ...jsonCases('/api/reports', REPORTS_BODY_LIMIT, true),
      {
        what: 'arrays nested to the limit, gzipped (decompressed before the parser)',
        url: '/api/auth/sign-in/email',
        body: gzipSync(deepestJson('arrays', AUTH_BODY_LIMIT)),
        headers: { 'content-encoding': 'gzip' },
      },
    ];
    const hostile = cases.map(async (c) => ({ what: c.what, ...(await answer(await post(c))) }));
    const health = fetch(`${base}/healthz`).then((r) => r.status);
    const answers = await Promise.all(hostile);
    for (const a of answers) expect(a).toEqual({ what: a.what, ...TOO_DEEP });
    expect(await health).toBe(200);
  }, 60_000);

  it('refuses a multipart upload of nested brackets at the file limit (400), while /healthz answers', async () => {
    const mb = UPLOAD_LIMIT_MB * 1024 * 1024;
    const forms = [
      '['.repeat(mb - 1),
      // A quoted cell that never closes, on one line: the upload's reader once rescanned it per chunk.
      `"${'{'.repeat(mb - 2)}`,
    ].map((text) => {
      const form = new FormData();
      form.append('title', 'deep');
      form.append('from_country', 'US');
      form.append('to_country', 'CA');
      form.append('marketplace', 'amazon');
      form.append('source', 'amazon_all_listings_report');
      form.append('file', new Blob([text]), 'listings.txt');
      return form;
    });
    const answers = forms.map(async (body) =>
      answer(await post({ what: '', url: '/api/reports', body, signedIn: true })),
    );
    const health = fetch(`${base}/healthz`).then((r) => r.status);
    for (const a of await Promise.all(answers))
      expect(a).toMatchObject({ status: 400, code: 'validation_error' });
    expect(await health).toBe(200);
    // Generous: both take well under a second now; rescanning the open quote per chunk took tens.
  }, 20_000);

  it('refuses a body over 64 kB before any sign-in (413), deep or not', async () => {
    for (const url of ['/api/auth/sign-in/email', '/api/password-recovery']) {
      const res = await post({ what: '', url, body: deepestJson('objects', AUTH_BODY_LIMIT + 64) });
      expect({ url, status: res.status }).toEqual({ url, status: 413 });
    }
  });

  it('answers other content types at the limit without parsing them as JSON', async () => {
    const text = deepestJson('arrays', V1_EXPORTS_BODY_LIMIT);
    const plain = await answer(
      await post({
        what: '',
        url: '/v1/exports',
        body: text,
        headers: { 'content-type': 'text/plain' },
        signedIn: true,
      }),
    );
    // Fastify's text parser hands the string over; the schema wants an object.
    expect(plain).toMatchObject({ status: 400, code: 'validation_error' });
    // No form parser is registered: refused before the body is read.
    const form = await post({
      what: '',
      url: '/api/password-recovery',
      body: `a=${'['.repeat(AUTH_BODY_LIMIT - 2)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
  });

  it('lets a body exactly as deep as the limit through to the route', async () => {
    const deep = `${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`;
    const res = await answer(
      await post({ what: '', url: '/api/auth/sign-in/email', body: `{"email":${deep.slice(1)}` }),
    );
    // One level more is refused at the door; this one reaches better-auth, which refuses the e-mail.
    const deeper = await answer(
      await post({ what: '', url: '/api/auth/sign-in/email', body: `{"email":${deep}}` }),
    );
    expect(res.status).toBe(400);
    expect(res.field?.key).not.toBe('validation.tooDeep');
    expect(deeper).toEqual(TOO_DEEP);
  });
});

describe('the NUL check after the parser', () => {
  it('still walks a body whose text holds the escape, and only then finds a NUL', async () => {
    const nul = await answer(
      await post({ what: '', url: '/api/auth/sign-in/email', body: '{"email":["\\u0000"]}' }),
    );
    expect(nul.field).toMatchObject({ field: 'email.0', key: 'validation.nulCharacter' });
    // An escaped backslash before u0000 is no NUL: walked (the text matches), nothing found.
    const text = await answer(
      await post({ what: '', url: '/api/auth/sign-in/email', body: '{"email":"\\\\u0000"}' }),
    );
    expect(text.field?.key).not.toBe('validation.nulCharacter');
  });
});

describe('the depth check', () => {
  it('counts brackets outside strings only, escapes included', () => {
    const quoted = JSON.stringify({ a: '['.repeat(200), b: '"[[[\\' });
    expect(nestsDeeperThan(quoted, 2)).toBe(false);
    expect(nestsDeeperThan('[[[]]]', 3)).toBe(false);
    expect(nestsDeeperThan('[[[[]]]]', 3)).toBe(true);
    expect(nestsDeeperThan('[{"a":[{"b":[]}]}]', 4)).toBe(true);
    // Siblings do not add up: depth, not the count of brackets.
    expect(nestsDeeperThan(`[${'[],'.repeat(1000)}[]]`, 2)).toBe(false);
  });
});

describe('the NUL walk', () => {
  it('names the path of a NUL at the bottom of a deep value', () => {
    let value: unknown = { leaf: 'x\u0000' };
    for (let i = 0; i < 50_000; i++) value = i % 2 ? [value] : { k: value };
    const expected = [...Array.from({ length: 50_000 }, (_, i) => (i % 2 ? '0' : 'k')).reverse(), 'leaf'];
    expect(nulPath(value)).toBe(expected.join('.'));
    expect(nulPath({ ['a\u0000']: 1 })).toBe('a\\u0000');
    expect(nulPath('\u0000')).toBe('body');
    expect(nulPath({ a: [1, 'ok', { b: 'ok' }] })).toBeNull();
    // Generous: the walk takes milliseconds here; copying the path at each level took tens of seconds.
  }, 20_000);
});
