import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import * as schema from '../src/db/schema';
import { enforceSessionRate, sessionRateKey } from '../src/http/per-user-limits';
import { count } from '../src/http/rate-limit';
import { createTestDatabase, type TestDatabase } from './helpers/db';

// The session rate of /v1/* is counted without waiting for the WAL flush (issue 47: that wait was most
// of the time in front of a filters call under load); the other counts stay durable, and the setting
// never outlives the count's own statement on a pooled connection.

let database: TestDatabase;
let client: pg.PoolClient;
let one: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  client = await database.pool.connect();
  one = drizzle(client, { schema }) as unknown as Db;
  // As in production: the test databases commit without the flush for speed.
  await one.execute(sql`set synchronous_commit = on`);
});
afterAll(async () => {
  await one.execute(sql`reset synchronous_commit`);
  client.release();
  await database.close();
});

const setting = async (db: Db) =>
  (await db.execute<{ s: string }>(sql`select current_setting('synchronous_commit') as s`)).rows[0]!.s;

/** synchronous_commit as the commit of a transaction holding only this count would read it. */
async function commitSettingOf(
  options?: { durable?: boolean },
  counting: () => Promise<unknown> = () => count(one, sessionRateKey('u-rate'), 60, options),
) {
  await one.execute(sql`begin`);
  try {
    await counting();
    return await setting(one);
  } finally {
    await one.execute(sql`commit`);
  }
}

describe('rate counts', () => {
  it('counts the session rate without waiting for the flush, durable ones as before', async () => {
    expect(await commitSettingOf(undefined, () => enforceSessionRate(one, 'u-session'))).toBe('off');
    expect(await commitSettingOf({ durable: false })).toBe('off');
    expect(await commitSettingOf()).toBe('on');
    expect(await commitSettingOf({ durable: true })).toBe('on');
  });

  it('leaves the connection as it was, and counts the same either way', async () => {
    const key = sessionRateKey('u-leave');
    const first = await count(one, key, 60, { durable: false });
    expect(await setting(one)).toBe('on');
    const second = await count(one, key, 60);
    const third = await count(one, key, 60, { durable: false });
    expect([first.count, second.count, third.count]).toEqual([1, 2, 3]);
    expect(third.retryAfterSeconds).toBeGreaterThan(0);
    expect(third.retryAfterSeconds).toBeLessThanOrEqual(60);
  });
});
