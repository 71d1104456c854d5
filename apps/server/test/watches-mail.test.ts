import { and, eq } from 'drizzle-orm';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { mailOutbox, userProfiles } from '../src/db/schema';
import { fireWatches } from '../src/features/watches';
import { sendDailyDigests, sendInstantMails } from '../src/features/watches/mail-alerts';
import { outboxTransport } from '../src/providers/mail/transport';
import { userIdOf } from './helpers/analysis';
import { injectJson } from './helpers/auth';
import { alice, app, bob, database, setUpInventories } from './helpers/inventories';

// Issue 49: alerts by e-mail, per seller off / instant / daily digest, in the seller's language, never
// more than one mail naming a product a day.

setUpInventories();

const ALICE = 'alice@example.com';
const BOB = 'bob@example.com';
const outbox = () => outboxTransport(database.db, pino({ level: 'silent' }));
const call = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, body?: object) =>
  injectJson(app, method, url, cookie, body);
const setDigest = async (cookie: string, digest: string) =>
  expect((await call(cookie, 'PUT', '/api/watches/settings', { digest })).statusCode).toBe(200);

/** A price watch on `asin` in Singapore that the next observation at S$50 fires. */
async function priceAlert(cookie: string, asin: string) {
  const res = await call(cookie, 'POST', '/api/watches', {
    marketplace: 'sg',
    asin,
    condition: 'price_at_or_below',
    threshold: 100,
  });
  expect(res.statusCode, res.body).toBe(201);
  await fireWatches(database.db, [{ marketplace: 'sg', asin, currency: 'SGD', buyboxCents: 5000 }]);
}

const watchMails = async (to: string) =>
  (await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).filter((m) =>
    /alert|uyar/i.test(m.subject),
  );

describe('the alerts’ e-mail setting', () => {
  it('is the daily digest until the seller chooses; each seller changes only their own', async () => {
    expect((await call(alice, 'GET', '/api/watches/settings')).json()).toEqual({ digest: 'daily' });
    const bad = await call(alice, 'PUT', '/api/watches/settings', { digest: 'hourly' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields[0].field).toBe('digest');
    await setDigest(bob, 'instant');
    expect((await call(alice, 'GET', '/api/watches/settings')).json()).toEqual({ digest: 'daily' });
    expect((await call(bob, 'GET', '/api/watches/settings')).json()).toEqual({ digest: 'instant' });
    await setDigest(bob, 'daily');
  });
});

describe('the daily digest', () => {
  it('holds every alert of the day in the seller’s language, once a day', async () => {
    const bobId = await userIdOf(database.db, BOB);
    await database.db.update(userProfiles).set({ commLang: 'tr' }).where(eq(userProfiles.userId, bobId));
    await priceAlert(alice, 'B0DIGEST01');
    await priceAlert(alice, 'B0DIGEST02');
    await priceAlert(bob, 'B0DIGEST03');
    await priceAlert(bob, 'B0DIGEST04');

    // The worker knows the app's address (APP_URL): each product links into the app too (issue 59).
    expect((await sendDailyDigests(database.db, outbox(), new Date(), 'https://app.example.com')).sent).toBe(
      2,
    );
    const [english] = await watchMails(ALICE);
    expect(english!.text).toContain('Open in Crossmarket: https://app.example.com/notifications');
    expect(english!.html).toContain(
      '<a href="https://app.example.com/notifications">Open in Crossmarket</a>',
    );
    expect(english!.subject).toBe("Crossmarket: today's alerts on 2 watched products");
    for (const asin of ['B0DIGEST01', 'B0DIGEST02'])
      expect(english!.text).toContain(`https://www.amazon.sg/dp/${asin}`);
    expect(english!.text).toContain('Source price at or below');
    const [turkish] = await watchMails(BOB);
    expect(turkish!.subject).toBe('Crossmarket: izlediğiniz 2 üründe bugünün uyarıları');
    expect(turkish!.text).toContain('Kaynak fiyatı');
    expect(turkish!.html).toContain('lang="tr"');
    expect(turkish!.text).toContain('https://www.amazon.sg/dp/B0DIGEST04');
    expect(turkish!.text).toContain("Crossmarket'te aç: https://app.example.com/notifications");
    expect(turkish!.text).not.toContain('B0DIGEST01');

    // A later alert the same day waits: the day's digest has gone.
    await priceAlert(alice, 'B0DIGEST05');
    expect((await sendDailyDigests(database.db, outbox())).sent).toBe(0);
    expect(await watchMails(ALICE)).toHaveLength(1);
    expect(await watchMails(BOB)).toHaveLength(1);
  });

  it('sends nothing to a seller who turned mails off', async () => {
    await setDigest(bob, 'off');
    await priceAlert(bob, 'B0OFFMAIL1');
    expect((await sendInstantMails(database.db, outbox())).sent).toBe(0);
    await sendDailyDigests(database.db, outbox());
    const mails = await watchMails(BOB);
    expect(mails).toHaveLength(1); // the digest of the test before, nothing new
    expect(mails.some((m) => m.text.includes('B0OFFMAIL1'))).toBe(false);
  });
});

describe('instant mails', () => {
  it('send one mail per alert, never a second naming the same product that day', async () => {
    await setDigest(alice, 'instant');
    const before = (await watchMails(ALICE)).length;
    await priceAlert(alice, 'B0INSTANT1');
    // The alert that waited for tomorrow's digest goes now too, in a mail of its own.
    expect((await sendInstantMails(database.db, outbox())).sent).toBe(2);
    const mails = await watchMails(ALICE);
    expect(
      mails
        .map((m) => m.subject)
        .slice(before)
        .sort(),
    ).toEqual(['Crossmarket alert: B0DIGEST05', 'Crossmarket alert: B0INSTANT1']);
    const instant = mails.find((m) => m.subject.endsWith('B0INSTANT1'))!;
    expect(instant.text).toContain('https://www.amazon.sg/dp/B0INSTANT1');
    expect(instant.text).not.toContain('B0DIGEST05');

    // A second watch on the same product fires the same day: in the app, but no second mail.
    const res = await call(alice, 'POST', '/api/watches', {
      marketplace: 'sg',
      asin: 'B0INSTANT1',
      condition: 'out_of_stock',
    });
    expect(res.statusCode).toBe(201);
    await fireWatches(database.db, [
      { marketplace: 'sg', asin: 'B0INSTANT1', currency: 'SGD', inStock: false },
    ]);
    expect((await sendInstantMails(database.db, outbox())).sent).toBe(0);
    expect(await watchMails(ALICE)).toHaveLength(before + 2);
    const listed = (await call(alice, 'GET', '/api/notifications')).json();
    expect(
      listed.notifications
        .filter((n: { asin: string }) => n.asin === 'B0INSTANT1')
        .map((n: { condition: string }) => n.condition)
        .sort(),
    ).toEqual(['out_of_stock', 'price_at_or_below']);
    // Nothing is left pending for the next run.
    expect(
      await database.db.$count(
        mailOutbox,
        and(eq(mailOutbox.to, ALICE), eq(mailOutbox.subject, 'Crossmarket alert: B0INSTANT1')),
      ),
    ).toBe(1);
  });
});
