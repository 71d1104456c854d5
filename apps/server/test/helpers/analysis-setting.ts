import { effectiveSettings, FIXED_RATES, type PricingSettings, type ResultRow } from '@crossmarket/domain';
import { makeOffer, makeSettings, makeSide } from '@crossmarket/domain/testing';
import { deflateRawSync } from 'node:zlib';
import type { App } from '../../src/app';
import type { Config } from '../../src/config';
import { seedReport, userIdOf, type SeedRow } from './analysis';
import { buildTestApp } from './app';
import { activeUser, jsonHeaders } from './auth';
import { subscribe } from './billing';
import { createTestDatabase } from './db';

// The analysis calls' test setting: an owner with a seeded 30-product report (us → ca) and another
// subscriber, on a database and app of the test file's own.

export const defaults = effectiveSettings({
  settings: null,
  from_country: 'us',
  to_country: 'ca',
  parity_rates: FIXED_RATES,
});

export const id = (i: number) => `B${String(i).padStart(9, '0')}`;
export const BRANDS = ['Acme', "O'Brien", 'Globex'];

/** 30 products: prices rising with the index, three brands, two categories, one not found on Amazon.ca. */
export function rowsForTest(): SeedRow[] {
  return Array.from({ length: 30 }, (_, i) => {
    const brand = BRANDS[i % 3]!;
    const title = i % 5 === 0 ? `${brand} 50%_off Wooden Train` : `${brand} wooden blocks`;
    const category = i % 2 ? 'Toys & Games' : 'Baby';
    return {
      product_id: id(i + 1),
      row_cross: makeSide({
        buybox: makeOffer({ buy_price: 5 + i }),
        lowest: makeOffer({ buy_price: 5 + i }),
        brand,
        title,
        stocks: i % 4 === 0 ? null : i,
      }),
      row_to: makeSide({
        status: i === 7 ? 'dog' : 'ok',
        buybox: makeOffer({ buy_price: 20 + i * 1.5, seller_id: i % 2 ? 'A1STORE' : 'A2OTHER' }),
        lowest: makeOffer({ buy_price: 19 + i * 1.5 }),
        brand,
        title,
        categories: [category],
        sales_rank: { rank: 100 * i + 1, category, level: 'top' },
      }),
    };
  });
}

export const SETTINGS: PricingSettings = makeSettings({
  parity: 1.5,
  parity_type: 'fixed',
  def_stock: 7,
  pricing_rules: [
    {
      rule_type: 'cost',
      threshold_start: 0,
      threshold_end: 10_000_000,
      rate_type: 'fixed',
      min_rate: 10,
      std_rate: 20,
      max_rate: 50,
      stock: 7,
    },
    {
      rule_type: 'cost',
      threshold_start: 20,
      threshold_end: 40,
      rate_type: 'fixed',
      min_rate: 5,
      std_rate: 8,
      max_rate: 30,
      stock: 3,
    },
  ],
});

/** A codec string for an envelope the encoder would refuse to produce (JSON → raw deflate → base64url). */
export function encodeRaw(envelope: unknown): string {
  return deflateRawSync(Buffer.from(JSON.stringify(envelope))).toString('base64url');
}

export const fieldOf = (res: { json(): { error: { fields: { field: string; message: string }[] } } }) =>
  res.json().error.fields[0]!;

export async function analysisSetting(overrides: Partial<Config> = {}) {
  const database = await createTestDatabase();
  const testApp = await buildTestApp(database, overrides);
  const app: App = testApp.app;
  const [owner, other] = await Promise.all([
    activeUser(app, database.db, 'owner@example.com'),
    activeUser(app, database.db, 'other@example.com'),
  ]);
  await Promise.all([subscribe(app, owner, 'L'), subscribe(app, other, 'L')]);
  const ownerId = await userIdOf(database.db, 'owner@example.com');
  const report: { id: string; rows: ResultRow[] } = await seedReport(database.db, ownerId, rowsForTest(), {
    pricedWith: defaults,
    skus: { [id(2)]: 'MY-SKU-2' },
  });
  const post = (cookie: string, url: string, payload: object) =>
    app.inject({ method: 'POST', url, headers: jsonHeaders(cookie), payload });
  return {
    database,
    app,
    owner,
    other,
    ownerId,
    report,
    post,
    filter: (cookie: string, body: object) => post(cookie, '/v1/filters', { report_id: report.id, ...body }),
    close: async () => {
      await testApp.close();
      await database.destroy();
    },
  };
}
