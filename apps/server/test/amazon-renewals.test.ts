import { JOB_NAMES, JOB_SCHEDULES, type AmazonRegionCode } from '@crossmarket/domain';
import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amazonConnections, amazonOauthStates, mailOutbox, userProfiles } from '../src/db/schema';
import { amazonJobs, tokenBoxFor } from '../src/features/amazon';
import { saveConnection } from '../src/features/amazon/repo';
import { sealContext } from '../src/features/amazon/token-box';
import type { JobContext } from '../src/jobs/types';
import { pgBossQueue, type JobQueue } from '../src/jobs/queue';
import { KEY_A } from './helpers/amazon';
import { userIdOf } from './helpers/analysis';
import { buildTestApp, testConfig, type TestApp } from './helpers/app';
import { activeUser, waitForMail } from './helpers/auth';
import { createTestDatabase, type TestDatabase } from './helpers/db';

// The daily job that reminds sellers to renew Amazon's yearly consent 14 days before it ends: once per
// consent, never for a revoked one, in the seller's language; it also clears spent consent-link states.

let database: TestDatabase;
let testApp: TestApp;
let queue: JobQueue;
const box = tokenBoxFor(testConfig({ TOKEN_ENCRYPTION_KEY: KEY_A }), pino({ level: 'silent' }));
const ids: Record<string, string> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  testApp = await buildTestApp(database, { TOKEN_ENCRYPTION_KEY: KEY_A });
  queue = pgBossQueue(testApp.worker!.boss);
  for (const name of ['due', 'later', 'revoked', 'turkish']) {
    await activeUser(testApp.app, database.db, `${name}@example.com`);
    ids[name] = await userIdOf(database.db, `${name}@example.com`);
  }
  await database.db.update(userProfiles).set({ commLang: 'tr' }).where(eq(userProfiles.userId, ids.turkish!));
});
afterAll(async () => {
  await testApp.close();
  await database.destroy();
});

/** An authorisation whose year ends in `days` days. */
async function connected(name: string, region: AmazonRegionCode, days: number, status = 'connected') {
  const userId = ids[name]!;
  await saveConnection(
    database.db,
    userId,
    region,
    'A3RENEW00001',
    box.seal(`Atzr|${name}`, sealContext(userId, region)),
  );
  await database.db
    .update(amazonConnections)
    .set({ renewBy: sql`now() + make_interval(days => ${days})`, status })
    .where(sql`${amazonConnections.userId} = ${userId} and ${amazonConnections.region} = ${region}`);
}

const runJob = () =>
  amazonJobs[JOB_NAMES.amazonRenewals]!({}, { db: database.db, queue } as unknown as JobContext) as Promise<{
    reminded: number;
    purgedStates: number;
  }>;

const renewalMails = async (email: string) =>
  (await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).filter((m) =>
    /Renew|yenileyin/.test(m.subject),
  );

describe('the renewal reminder', () => {
  it('is scheduled daily', () => {
    expect(JOB_SCHEDULES[JOB_NAMES.amazonRenewals]).toMatch(/^\d+ \d+ \* \* \*$/);
  });

  it('mails each authorisation ending within 14 days once, in the seller’s language', async () => {
    await connected('due', 'na', 13);
    await connected('later', 'na', 15);
    await connected('revoked', 'eu', 3, 'revoked');
    await connected('turkish', 'fe', 10);

    expect((await runJob()).reminded).toBe(2);
    const mail = await waitForMail(database.db, 'due@example.com', /Renew/);
    expect(mail.subject).toMatch(/^Renew Crossmarket’s access to your Amazon account by \d{1,2} \w+ \d{4}$/);
    expect(mail.text).toContain('North America (US, CA, MX)');
    expect(mail.text).not.toContain('Atzr|');
    const tr = await waitForMail(database.db, 'turkish@example.com', /yenileyin/);
    expect(tr.text).toContain('Uzak Doğu (AU, SG)');
    expect(tr.html).toContain('<html lang="tr">');

    // A second run, the next day's, mails nobody again.
    expect((await runJob()).reminded).toBe(0);
    await new Promise((r) => setTimeout(r, 500));
    for (const name of ['due', 'turkish']) expect(await renewalMails(`${name}@example.com`)).toHaveLength(1);
    for (const name of ['later', 'revoked']) expect(await renewalMails(`${name}@example.com`)).toEqual([]);
  });

  it('starts over with a new consent: the next year gets its own reminder', async () => {
    await connected('due', 'na', 12);
    const [row] = await database.db
      .select()
      .from(amazonConnections)
      .where(eq(amazonConnections.userId, ids.due!));
    expect(row!.reminderSentAt).toBeNull();
    expect((await runJob()).reminded).toBe(1);
  });

  it('drops consent-link states a day after they expired, and keeps the others', async () => {
    const userId = ids.later!;
    await database.db.insert(amazonOauthStates).values([
      { stateHash: 'old', userId, region: 'na', expiresAt: sql`now() - interval '2 days'` },
      { stateHash: 'recent', userId, region: 'na', expiresAt: sql`now() - interval '1 hour'` },
      { stateHash: 'live', userId, region: 'na', expiresAt: sql`now() + interval '5 minutes'` },
    ]);
    expect((await runJob()).purgedStates).toBe(1);
    const left = await database.db
      .select()
      .from(amazonOauthStates)
      .where(eq(amazonOauthStates.userId, userId));
    expect(left.map((s) => s.stateHash).sort()).toEqual(['live', 'recent']);
  });
});
