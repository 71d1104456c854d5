import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baselineSandbox } from './helpers/sandbox';
import { buildTestApp, type TestApp } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/db';

let database: TestDatabase;
let testApp: TestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  testApp = await buildTestApp(database, {}, { worker: false });
});
afterAll(async () => {
  await testApp.close();
  await database.destroy();
});

describe('the sandbox marketplace’s product images', () => {
  it('point at this app, never at a host outside the deployment', async () => {
    const [product] = await baselineSandbox().lookup(['B00TESTIMG'], 'us', { shipTo: 'us' });
    const image = product!.side.image!;
    expect(image).toBe('/sandbox/images/B00TESTIMG.svg');
    expect(new URL(image, 'http://app.invalid').host).toBe('app.invalid');
  });

  it('are served by the app: an SVG, cacheable, allowed by the CSP', async () => {
    const res = await testApp.app.inject('/sandbox/images/B00TESTIMG.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toMatch(/public, max-age=\d{6,}/);
    expect(res.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(res.body).toContain('TIMG');
    expect(res.body).not.toMatch(/<script|on\w+=|href=/i);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/img-src [^;]*'self'/);
  });

  it('are the same for the same ID and differ between IDs', async () => {
    const get = async (id: string) => {
      const res = await testApp.app.inject(`/sandbox/images/${id}.svg`);
      expect(res.statusCode).toBe(200);
      return res.body;
    };
    expect(await get('B000000001')).toBe(await get('B000000001'));
    const drawn = new Set(
      await Promise.all(['B000000001', 'B000000002', 'B000000003', 'B0000000AA'].map(get)),
    );
    expect(drawn.size).toBe(4);
  });

  it('refuse anything but a product ID', async () => {
    for (const bad of ['b000000001', 'B00000001', 'X000000001', 'B0000000%3Cs%3E', '..%2Fx']) {
      const res = await testApp.app.inject(`/sandbox/images/${bad}.svg`);
      expect({ bad, status: res.statusCode }).toEqual({ bad, status: 400 });
    }
  });
});
