import { eq, sql } from 'drizzle-orm';
import fs from 'node:fs';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amazonConnections, user } from '../src/db/schema';
import { resealAllTokens, tokenBoxFor } from '../src/features/amazon';
import { saveConnection } from '../src/features/amazon/repo';
import { ResealStoppedError } from '../src/features/amazon/reseal-all';
import { sealContext } from '../src/features/amazon/token-box';
import { KEY_A, KEY_B } from './helpers/amazon';
import { testConfig } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { runProgram, tempDataDir } from './helpers/processes';

// Issue 57, item 5: `reseal-tokens` counted any error as "still under the old key", a database error
// included, so the operator went looking for a key while the real fault went unsaid. Only an unknown key
// and a token that does not authenticate are left; anything else stops the run.

let database: TestDatabase;
const dirs: string[] = [];
const silent = pino({ level: 'silent' });
const boxOf = (current: string, old: string[] = []) =>
  tokenBoxFor(testConfig({ TOKEN_ENCRYPTION_KEY: current, TOKEN_ENCRYPTION_OLD_KEYS: old }), silent);

beforeAll(async () => {
  database = await createTestDatabase();
  for (const id of ['broken', 'tampered']) {
    await database.db.insert(user).values({ id, name: id, email: `${id}@example.com`, emailVerified: true });
  }
});
afterAll(async () => {
  await database.destroy();
  dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
});

const connect = (id: string, key: string) =>
  saveConnection(
    database.db,
    id,
    'eu',
    `A1${id.toUpperCase()}`,
    boxOf(key).seal(`Atzr|${id}`, sealContext(id, 'eu')),
  );

/** The database refuses to rewrite the row of `broken` (as a full disk or a lost connection would). */
async function breakWrites(on: boolean) {
  if (on) {
    await database.db.execute(sql`
      create or replace function reseal_test_refuse() returns trigger language plpgsql as $$
      begin raise exception 'could not extend file: No space left on device'; end $$`);
    await database.db.execute(sql`
      create trigger reseal_test_refuse before update on amazon_connections
      for each row when (old.user_id = 'broken') execute function reseal_test_refuse()`);
  } else {
    await database.db.execute(sql`drop trigger if exists reseal_test_refuse on amazon_connections`);
  }
}

describe('reseal-tokens and errors', () => {
  it('counts a token that does not authenticate as left, and re-seals the rest', async () => {
    await connect('tampered', KEY_A);
    const [row] = await database.db
      .select()
      .from(amazonConnections)
      .where(eq(amazonConnections.userId, 'tampered'));
    const flipped = Buffer.from(row!.refreshTokenCiphertext);
    flipped[0]! ^= 1;
    await database.db
      .update(amazonConnections)
      .set({ refreshTokenCiphertext: flipped })
      .where(eq(amazonConnections.userId, 'tampered'));
    const report = await resealAllTokens(database.db, boxOf(KEY_B, [KEY_A]));
    expect(report.left).toEqual({ [boxOf(KEY_A).keyId]: 1 });
    await database.db.delete(amazonConnections).where(eq(amazonConnections.userId, 'tampered'));
  });

  it('stops on a database error instead of counting the row as left', async () => {
    await connect('broken', KEY_A);
    await breakWrites(true);
    try {
      const run = resealAllTokens(database.db, boxOf(KEY_B, [KEY_A]));
      await expect(run).rejects.toBeInstanceOf(ResealStoppedError);
      await expect(run).rejects.toThrow(/user broken \(eu\).*No space left on device/);
    } finally {
      await breakWrites(false);
    }
    // Fixed, the same run carries on.
    expect(await resealAllTokens(database.db, boxOf(KEY_B, [KEY_A]))).toMatchObject({
      resealed: 1,
      left: {},
    });
  });

  it('the command says what stopped it and exits non-zero', async () => {
    await database.db.delete(amazonConnections).where(eq(amazonConnections.userId, 'broken'));
    await connect('broken', KEY_A);
    await breakWrites(true);
    const dataDir = tempDataDir();
    dirs.push(dataDir);
    try {
      const run = runProgram(['reseal-tokens'], {
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        TOKEN_ENCRYPTION_KEY: KEY_B,
        TOKEN_ENCRYPTION_OLD_KEYS: KEY_A,
      });
      expect(await run.exited).toBe(1);
      expect(run.output()).toContain(
        'reseal-tokens stopped: the token of user broken (eu) could not be re-sealed',
      );
      expect(run.output()).toContain('No space left on device');
      expect(run.output()).not.toContain('"left"');
      // The driver's words, never the query's parameters (the newly sealed token among them).
      expect(run.output()).not.toContain('params:');
    } finally {
      await breakWrites(false);
    }
  }, 60_000);
});
