import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { buildTestApp, type TestApp } from './helpers/app';
import { jsonHeaders } from './helpers/auth';
import { createTestDatabase, type TestDatabase } from './helpers/db';

let database: TestDatabase;
let secure: TestApp;
let local: TestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  secure = await buildTestApp(database, { APP_URL: 'https://app.example' }, { worker: false });
  local = await buildTestApp(database, { APP_URL: 'http://localhost:3000' }, { worker: false });
});
afterAll(async () => {
  await secure?.close();
  await local?.close();
  await database.destroy();
});

/** A wrong password posted from `origin` to `host`: 403 bad_origin when refused, else better-auth's 401. */
async function post(app: App, origin: string, host: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: jsonHeaders(undefined, { origin, host }),
    payload: { email: 'nobody@example.com', password: 'wrong-guess' },
  });
  return res.statusCode === 403 && res.json().error?.code === 'bad_origin' ? 'refused' : 'passed';
}

describe('the Origin check compares scheme, host and port', () => {
  it('with an https APP_URL, refuses the same host over plain http', async () => {
    expect(await post(secure.app, 'https://app.example', 'app.example')).toBe('passed');
    expect(await post(secure.app, 'http://app.example', 'app.example')).toBe('refused');
    expect(await post(secure.app, 'http://app.example:80', 'app.example')).toBe('refused');
  });

  it('refuses another port or host, and origins that are no URL', async () => {
    expect(await post(secure.app, 'https://app.example:8443', 'app.example')).toBe('refused');
    expect(await post(secure.app, 'https://evil.example', 'app.example')).toBe('refused');
    expect(await post(secure.app, 'null', 'app.example')).toBe('refused');
    expect(await post(secure.app, 'https://app.example.evil.example', 'app.example')).toBe('refused');
  });

  it('still takes the Host the browser named, in APP_URL’s scheme (localhost vs 127.0.0.1)', async () => {
    expect(await post(local.app, 'http://localhost:3000', 'localhost:3000')).toBe('passed');
    expect(await post(local.app, 'http://127.0.0.1:3000', '127.0.0.1:3000')).toBe('passed');
    expect(await post(local.app, 'https://127.0.0.1:3000', '127.0.0.1:3000')).toBe('refused');
    expect(await post(local.app, 'http://localhost:5173', 'localhost:3000')).toBe('refused');
    // A proxied https host for an https APP_URL: the browser's own origin.
    expect(await post(secure.app, 'https://www.app.example', 'www.app.example')).toBe('passed');
  });
});
