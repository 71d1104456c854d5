import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXED_RATES, SHIPPED_ECB_TABLE, type Inventory } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { loadConfig } from '../src/config';
import { updateInventory } from '../src/features/inventories/update-inventory';
import { insertRun } from '../src/features/listings/run-results';
import { latestRates, refreshRates } from '../src/features/rates/service';
import { createSandboxMarketplace } from '../src/providers/marketplace/sandbox';
import { ecbRates, parseEcbDaily } from '../src/providers/rates/ecb';
import { buildTestApp, testConfig, type TestApp } from './helpers/app';
import { call } from './helpers/amazon';
import { userIdOf } from './helpers/analysis';
import { activeUser } from './helpers/auth';
import { subscribe } from './helpers/billing';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { BODY } from './helpers/inventories';

const ecbXml = (day: string, usd: string) => `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
  <Cube><Cube time='${day}'>
    <Cube currency='USD' rate='${usd}'/><Cube currency='GBP' rate='0.8350'/><Cube currency='CAD' rate='1.5300'/>
    <Cube currency='MXN' rate='19.6000'/><Cube currency='AUD' rate='1.6900'/><Cube currency='SGD' rate='1.4800'/>
  </Cube></Cube>
</gesmes:Envelope>`;

let answer = ecbXml('2026-11-20', '1.1000');
let server: http.Server;
let ecbUrl: string;
let database: TestDatabase;
let testApp: TestApp;

beforeAll(async () => {
  server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/xml' });
    res.end(answer);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  ecbUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/eurofxref-daily.xml`;
  database = await createTestDatabase();
  testApp = await buildTestApp(database, { RATES_SOURCE: 'ecb', ECB_RATES_URL: ecbUrl });
});
afterAll(async () => {
  await testApp.close();
  await database.destroy();
  await new Promise((r) => server.close(r));
});

describe('ECB rates', () => {
  it('turns euro reference rates into units per US dollar, AED through the peg', () => {
    const table = parseEcbDaily(ecbXml('2026-11-20', '1.1000'));
    expect(table.asOf).toBe('2026-11-20');
    expect(table.rates.USD).toBe(1);
    expect(table.rates.GBP).toBeCloseTo(0.835 / 1.1, 6);
    expect(table.rates.MXN).toBeCloseTo(19.6 / 1.1, 5);
    expect(table.rates.AED).toBe(3.6725);
  });

  it('refuses an answer without a currency a region needs', () => {
    expect(() =>
      parseEcbDaily(ecbXml('2026-11-20', '1.1').replace(/<Cube currency='SGD'[^>]*>/, '')),
    ).toThrow(/no SGD rate/);
  });

  it('serves the latest stored rates, and the daily refresh replaces them', async () => {
    const cookie = await activeUser(testApp.app, database.db, 'rates@example.com');
    const first = (await testApp.app.inject({ url: '/api/exchange-rates', headers: { cookie } })).json();
    expect(first).toMatchObject({ source: 'ecb', as_of: '2026-11-20' });
    expect(first.rates.CAD).toBeCloseTo(1.53 / 1.1, 5);

    answer = ecbXml('2026-11-21', '1.2000');
    await refreshRates(database.db, ecbRates(ecbUrl));
    const second = (await testApp.app.inject({ url: '/api/exchange-rates', headers: { cookie } })).json();
    expect(second.as_of).toBe('2026-11-21');
    expect(second.rates.CAD).toBeCloseTo(1.53 / 1.2, 5);
    expect((await testApp.app.inject({ url: '/api/exchange-rates' })).statusCode).toBe(401);
  });

  it('falls back to the shipped, dated ECB table when the ECB cannot be reached on first use', async () => {
    const other = await createTestDatabase();
    try {
      const table = await latestRates(other.db, ecbRates('http://127.0.0.1:9/unreachable.xml', 2000));
      expect(table).toMatchObject({ source: 'ecb-shipped', asOf: SHIPPED_ECB_TABLE.asOf });
      // The ECB's 13 April 2026 figures crossed through the euro: 1.6177 CAD and 1.1684 USD per euro.
      expect(table.rates.CAD).toBeCloseTo(1.6177 / 1.1684, 6);
      expect(table.rates.MXN).toBeCloseTo(20.3203 / 1.1684, 6);
      expect(table.rates.AED).toBe(3.6725);
      expect(table.rates.MXN).not.toBe(FIXED_RATES.MXN);
    } finally {
      await other.destroy();
    }
  });
});

describe('the default rates', () => {
  it('are the ECB with the shipped table behind it; the fixed table only when asked for', () => {
    expect(loadConfig({}).RATES_SOURCE).toBe('ecb');
    expect(testConfig().RATES_SOURCE).toBe('fixed');
  });

  it('a report created on the defaults offline keeps and shows the shipped rates and their date', async () => {
    const other = await createTestDatabase();
    const offline = await buildTestApp(other, {
      RATES_SOURCE: 'ecb',
      ECB_RATES_URL: 'http://127.0.0.1:9/eurofxref-daily.xml',
    });
    try {
      const cookie = await activeUser(offline.app, other.db, 'offline@example.com');
      await subscribe(offline.app, cookie, 'S');
      const created = await offline.app.inject({
        method: 'POST',
        url: '/api/reports',
        headers: { cookie },
        payload: {
          title: 'Offline',
          from_country: 'us',
          to_country: 'mx',
          marketplace: 'amazon',
          source: 'manual',
          product_ids: 'B0FV000001',
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().report_id as string;
      const detail = (await offline.app.inject({ url: `/api/reports/${id}`, headers: { cookie } })).json();
      expect(detail.rates_of).toEqual({ source: 'ecb-shipped', as_of: '2026-04-13' });
      expect(detail.parity_rates.MXN).toBeCloseTo(20.3203 / 1.1684, 6);
      // About 17.39 pesos to the dollar, not the placeholder table's 1.12.
      expect(detail.parity).toBe(17.39);
    } finally {
      await offline.close();
      await other.destroy();
    }
  });

  it('refuses the fixed table with real Amazon in production, naming both variables', () => {
    const production = {
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(32),
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      MAIL_TRANSPORT: 'smtp',
      SMTP_URL: 'smtp://mail:25',
      MARKETPLACE_PROVIDER: 'spapi',
      SPAPI_CLIENT_ID: 'a',
      SPAPI_CLIENT_SECRET: 'b',
    };
    expect(() => loadConfig({ ...production, RATES_SOURCE: 'fixed' })).toThrow(
      /RATES_SOURCE: .*MARKETPLACE_PROVIDER=spapi and NODE_ENV=production/,
    );
    expect(loadConfig(production).RATES_SOURCE).toBe('ecb');
    // Tests and the sandbox may still ask for it.
    expect(
      loadConfig({
        RATES_SOURCE: 'fixed',
        MARKETPLACE_PROVIDER: 'spapi',
        SPAPI_CLIENT_ID: 'a',
        SPAPI_CLIENT_SECRET: 'b',
      }).RATES_SOURCE,
    ).toBe('fixed');
    expect(
      loadConfig({ ...production, MARKETPLACE_PROVIDER: 'sandbox', DEMO: 'true', RATES_SOURCE: 'fixed' })
        .RATES_SOURCE,
    ).toBe('fixed');
  });
});

describe('an inventory update', () => {
  it('prices with the latest rates, keeps them with their day, and an Auto parity follows them', async () => {
    const other = await createTestDatabase();
    const offline = await buildTestApp(other, {}, { worker: true });
    try {
      const cookie = await activeUser(offline.app, other.db, 'inventory-rates@example.com');
      await subscribe(offline.app, cookie, 'S');
      // Made while the placeholder table priced: US → MX at 1.12 pesos per dollar, "Auto".
      const created = await call(offline.app, 'POST', '/api/inventories', cookie, {
        ...BODY,
        title: 'US to MX',
        to_country: 'mx',
        settings: { ...BODY.settings, parity: 1.12, parity_type: 'auto' },
      });
      expect(created.statusCode, created.body).toBe(201);
      const inventory = created.json<Inventory>();
      expect(inventory.update.rates_of).toBeNull();
      await other.db.execute(
        sql`update inventories set update_status = 'queued' where id = ${inventory.id}::uuid`,
      );
      const deps = { db: other.db, logger: pino({ level: 'silent' }), leaseSeconds: 60, owner: 'test' };
      const ecb = ecbRates('http://127.0.0.1:9/eurofxref-daily.xml', 2000);
      expect(
        await updateInventory({ ...deps, marketplace: createSandboxMarketplace(), rates: ecb }, inventory.id),
      ).toBe('done');
      const after = (
        await call(offline.app, 'GET', `/api/inventories/${inventory.id}`, cookie)
      ).json<Inventory>();
      expect(after.update.rates_of).toEqual({ source: 'ecb-shipped', as_of: '2026-04-13' });
      expect(after.settings.parity).toBe(17.39);
      const [kept] = (
        await other.db.execute<{ mxn: number }>(
          sql`select (parity_rates->>'MXN')::float8 as mxn from inventories where id = ${inventory.id}::uuid`,
        )
      ).rows;
      expect(kept!.mxn).toBeCloseTo(20.3203 / 1.1684, 6);
      // A listing run asked for now keeps the rates that priced what it sends.
      const userId = await userIdOf(other.db, 'inventory-rates@example.com');
      const run = await insertRun(other.db, userId, inventory.id, 'preview', null);
      expect(run.rates_of).toEqual({ source: 'ecb-shipped', as_of: '2026-04-13' });
      await other.db.execute(sql`update listing_runs set status = 'done' where id = ${run.id}::uuid`);

      // A parity the seller typed stays theirs; the rates are still kept.
      await other.db.execute(sql`update inventories set update_status = 'queued',
        settings = jsonb_set(jsonb_set(settings, '{parity_type}', '"fixed"'), '{parity}', '18')
        where id = ${inventory.id}::uuid`);
      expect(
        await updateInventory({ ...deps, marketplace: createSandboxMarketplace(), rates: ecb }, inventory.id),
      ).toBe('done');
      const typed = (
        await call(offline.app, 'GET', `/api/inventories/${inventory.id}`, cookie)
      ).json<Inventory>();
      expect(typed.settings.parity).toBe(18);
      expect(typed.update.rates_of?.source).toBe('ecb-shipped');
    } finally {
      await offline.close();
      await other.destroy();
    }
  });
});
