import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amazonConnections } from '../src/db/schema';
import { markRevoked, resealAllTokens, tokenBoxFor } from '../src/features/amazon';
import { saveConnection } from '../src/features/amazon/repo';
import { loadSellerToken } from '../src/features/amazon/seller-token';
import { sealContext } from '../src/features/amazon/token-box';
import { KEY_A, KEY_B } from './helpers/amazon';
import { userIdOf } from './helpers/analysis';
import { buildTestApp, testConfig, type TestApp } from './helpers/app';
import { activeUser } from './helpers/auth';
import { createTestDatabase, type TestDatabase } from './helpers/db';

// Key rotation that can finish: `reseal-tokens` moves every stored token to the current key, whether or
// not it is ever read, and a revoked authorisation keeps no ciphertext at all.

let database: TestDatabase;
let testApp: TestApp;
const ids: Record<string, string> = {};
const silent = pino({ level: 'silent' });
const KEY_C = 'c3'.repeat(32);
const boxOf = (current: string, old: string[] = []) =>
  tokenBoxFor(testConfig({ TOKEN_ENCRYPTION_KEY: current, TOKEN_ENCRYPTION_OLD_KEYS: old }), silent);
const noQueue = { send: async () => null, retry: async () => false };

beforeAll(async () => {
  database = await createTestDatabase();
  testApp = await buildTestApp(database);
  for (const name of ['idle', 'busy', 'gone', 'lost']) {
    await activeUser(testApp.app, database.db, `${name}@example.com`);
    ids[name] = await userIdOf(database.db, `${name}@example.com`);
  }
}, 60_000);
afterAll(async () => {
  await testApp.close();
  await database.destroy();
});

const connect = (name: string, key: string) =>
  saveConnection(
    database.db,
    ids[name]!,
    'eu',
    `A1${name.toUpperCase()}`,
    boxOf(key).seal(`Atzr|${name}`, sealContext(ids[name]!, 'eu')),
  );
const rowOf = async (name: string) =>
  (await database.db.select().from(amazonConnections).where(eq(amazonConnections.userId, ids[name]!)))[0]!;

describe('a revoked authorisation', () => {
  it('keeps no ciphertext once Amazon refused it', async () => {
    await connect('gone', KEY_A);
    expect(await markRevoked(database.db, noQueue, ids.gone!, 'eu')).toBe(true);
    const row = await rowOf('gone');
    expect(row.status).toBe('revoked');
    expect(row.refreshTokenCiphertext).toHaveLength(0);
    expect(row.refreshTokenTag).toHaveLength(0);
    expect(row.keyId).toBe('cleared');
  });
});

describe('reseal-tokens', () => {
  it('seals every token under the current key, clears revoked ones, and reports what is left', async () => {
    const keyA = boxOf(KEY_A).keyId;
    const keyB = boxOf(KEY_B).keyId;
    const keyC = boxOf(KEY_C).keyId;
    await connect('idle', KEY_A); // never read again: a read-time re-seal would never move it
    await connect('busy', KEY_B); // already current
    await connect('lost', KEY_C); // a key this process was not given
    // A revoked row from before revocations cleared their ciphertext.
    await connect('gone', KEY_A);
    await database.db
      .update(amazonConnections)
      .set({ status: 'revoked' })
      .where(eq(amazonConnections.userId, ids.gone!));

    const rotated = boxOf(KEY_B, [KEY_A]);
    const report = await resealAllTokens(database.db, rotated);
    expect(report).toEqual({ resealed: 1, current: 1, cleared: 1, left: { [keyC]: 1 } });
    expect((await rowOf('idle')).keyId).toBe(keyB);
    expect((await rowOf('gone')).refreshTokenCiphertext).toHaveLength(0);
    expect(keyA).not.toBe(keyB);

    // The old key can go: the idle seller's token opens under the new key alone.
    const newOnly = boxOf(KEY_B);
    expect(await loadSellerToken(database.db, newOnly, ids.idle!, 'eu')).toBe('Atzr|idle');
    // Once the unknown key's seller connects again, nothing is left.
    await connect('lost', KEY_B);
    expect(await resealAllTokens(database.db, newOnly)).toEqual({
      resealed: 0,
      current: 3,
      cleared: 0,
      left: {},
    });
  });
});
