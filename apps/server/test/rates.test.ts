import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshRates } from '../src/features/rates/service';
import { ecbRates, parseEcbDaily } from '../src/providers/rates/ecb';
import { buildTestApp, type TestApp } from './helpers/app';
import { activeUser } from './helpers/auth';
import { createTestDatabase, type TestDatabase } from './helpers/db';

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

  it('falls back to the fixed table when the ECB cannot be reached on first use', async () => {
    const other = await createTestDatabase();
    try {
      const { latestRates } = await import('../src/features/rates/service');
      const table = await latestRates(other.db, ecbRates('http://127.0.0.1:9/unreachable.xml'));
      expect(table.source).toBe('fixed');
      expect(table.rates.CAD).toBe(1.35);
    } finally {
      await other.destroy();
    }
  });
});
