import { and, eq } from 'drizzle-orm';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { mailOutbox, notifications, productObservations, userData } from '../src/db/schema';
import { recordingHistory } from '../src/features/history';
import { fireWatches } from '../src/features/watches';
import { sendDailyDigests, sendInstantMails } from '../src/features/watches/mail-alerts';
import { refreshWatched } from '../src/features/watches/refresh-watched';
import { baselineSandbox } from './helpers/sandbox';
import { outboxTransport } from '../src/providers/mail/transport';
import { userIdOf } from './helpers/analysis';
import { injectJson } from './helpers/auth';
import { alice, app, bob, database, setUpInventories } from './helpers/inventories';

// Issue 57, item 2: the daily refresh of watched products, the alerts and their mails work only for
// accounts the app works for. A locked-out, suspended, closed or plan-less seller's watches spend no
// Amazon calls (the shared authorisation) and mail nobody; within the lock-out's grace they still work.

setUpInventories();

const HOUR = 3_600_000;
const silent = pino({ level: 'silent' });
type AccountState = Partial<typeof userData.$inferInsert>;

/** Alice's account in each state the guard refuses (and a plan the free one), then as it was. */
const STATES: [string, AccountState][] = [
  ['suspended', { suspended: true }],
  ['locked out', { subscriptionEnd: new Date(Date.now() - 7 * HOUR) }],
  ['without a plan', { planCode: 'F' }],
  ['closed', { isActive: false }],
];

async function asAlice<T>(state: AccountState, run: () => Promise<T>): Promise<T> {
  const id = await userIdOf(database.db, 'alice@example.com');
  const [before] = await database.db.select().from(userData).where(eq(userData.userId, id));
  await database.db.update(userData).set(state).where(eq(userData.userId, id));
  try {
    return await run();
  } finally {
    const { suspended, subscriptionEnd, planCode, isActive } = before!;
    await database.db
      .update(userData)
      .set({ suspended, subscriptionEnd, planCode, isActive })
      .where(eq(userData.userId, id));
  }
}

const watch = async (cookie: string, body: object) => {
  const res = await injectJson(app, 'POST', '/api/watches', cookie, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>();
};

/** The alert mails to `to` (sign-up mails are in the outbox too). */
const alertMails = async (to: string) =>
  (await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).filter((m) =>
    /alert|uyar/i.test(m.subject),
  ).length;

const observed = (asin: string) =>
  database.db.$count(
    productObservations,
    and(eq(productObservations.marketplace, 'au'), eq(productObservations.asin, asin)),
  );

describe('the daily refresh of watched products', () => {
  it.each(STATES)('checks nothing for a seller %s, and still for the others', async (_, state) => {
    // Fixed codes (the sandbox's answer is a function of the code): a random one could be a product the
    // sandbox does not sell in Australia, and then nothing is observed for the other seller either.
    const tag = `S${String(STATES.findIndex(([, s]) => s === state)).padStart(4, '0')}`;
    const mine = `B0A${tag}01`;
    const theirs = `B0B${tag}01`;
    await watch(alice, { marketplace: 'au', asin: mine, condition: 'back_in_stock' });
    await watch(bob, { marketplace: 'au', asin: theirs, condition: 'back_in_stock' });
    const marketplace = recordingHistory(baselineSandbox(), { db: database.db });
    await asAlice(state, () => refreshWatched({ db: database.db, marketplace }));
    expect(await observed(mine)).toBe(0);
    expect(await observed(theirs)).toBe(1);
  });

  it('still checks within the six hours of grace after the subscription ended', async () => {
    const asin = 'B0GRACE001';
    await watch(alice, { marketplace: 'au', asin, condition: 'back_in_stock' });
    const marketplace = recordingHistory(baselineSandbox(), { db: database.db });
    await asAlice({ subscriptionEnd: new Date(Date.now() - HOUR) }, () =>
      refreshWatched({ db: database.db, marketplace }),
    );
    expect(await observed(asin)).toBe(1);
  });
});

describe('alerts and their mails', () => {
  it('fire and mail nothing for a suspended seller, and still for the others', async () => {
    const fire = (asin: string) =>
      fireWatches(database.db, [{ marketplace: 'sg', asin, currency: 'SGD', buyboxCents: 5000 }]);
    const alert = { marketplace: 'sg', condition: 'price_at_or_below', threshold: 100 };
    const hers = await watch(alice, { ...alert, asin: 'B0FIRE0001' });
    const his = await watch(bob, { ...alert, asin: 'B0FIRE0002' });
    await asAlice({ suspended: true }, () => Promise.all([fire('B0FIRE0001'), fire('B0FIRE0002')]));
    expect(await database.db.$count(notifications, eq(notifications.watchId, hers.id))).toBe(0);
    expect(await database.db.$count(notifications, eq(notifications.watchId, his.id))).toBe(1);

    // Alerts fired while the account worked, then it lapsed: they wait, unmailed.
    const both = await watch(alice, { ...alert, asin: 'B0FIRE0003' });
    await fire('B0FIRE0003');
    expect(await database.db.$count(notifications, eq(notifications.watchId, both.id))).toBe(1);
    const outbox = outboxTransport(database.db, silent);
    for (const [, state] of STATES) {
      await asAlice(state, async () => {
        await sendInstantMails(database.db, outbox);
        await sendDailyDigests(database.db, outbox);
      });
      expect(await alertMails('alice@example.com')).toBe(0);
    }
    expect(await alertMails('bob@example.com')).toBeGreaterThan(0);
    await sendDailyDigests(database.db, outbox);
    expect(await alertMails('alice@example.com')).toBe(1);
  });
});
