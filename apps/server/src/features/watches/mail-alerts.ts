import type { RegionCode, WatchCondition, WatchDigest } from '@crossmarket/domain';
import { and, asc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { withTx, type Db } from '../../db/client';
import {
  inventories,
  notifications,
  orders,
  user,
  userProfiles,
  watchMails,
  watches,
  watchSettings,
} from '../../db/schema';
import type { MailTransport } from '../../providers/mail/transport';
import { watchingAccount } from './watching-accounts';
import { renderWatchMail, type WatchMailProduct } from '../mail';

/** The claim of the day's digest in `watch_mails` (products are claimed as `marketplace:asin`). */
const DIGEST = 'digest';
/** Claims older than this are dropped: only today's decide anything. */
const KEEP_CLAIMS_DAYS = 7;

const utcDay = (at: Date) => at.toISOString().slice(0, 10);

interface Pending {
  id: string;
  userId: string;
  email: string;
  lang: string | null;
  marketplace: string;
  asin: string | null;
  inventoryId: string | null;
  inventoryTitle: string | null;
  productCount: number | null;
  condition: string;
  priceCents: number | null;
  currency: string;
  thresholdCents: number | null;
  profitPercent: number | null;
  restriction: string | null;
  /** An order's notice (issue 60): no watch, its order instead. */
  orderId: string | null;
  notice: string | null;
  amazonOrderId: string | null;
  shipBy: Date | null;
}

/**
 * Alerts not mailed yet of sellers with this setting, fired yesterday or today (UTC): a digest that missed
 * a morning still carries them, and a seller who turns mails on is not sent a backlog. A locked-out,
 * suspended or closed account is mailed nothing (`watchingAccount`).
 */
async function pendingAlerts(db: Db, digest: Exclude<WatchDigest, 'off'>, now: Date): Promise<Pending[]> {
  const since = utcDay(new Date(now.getTime() - 86_400_000));
  return (
    db
      .select({
        id: notifications.id,
        userId: notifications.userId,
        email: user.email,
        lang: userProfiles.commLang,
        marketplace: notifications.marketplace,
        asin: notifications.asin,
        inventoryId: notifications.inventoryId,
        inventoryTitle: inventories.title,
        productCount: notifications.productCount,
        condition: notifications.condition,
        priceCents: notifications.priceCents,
        currency: notifications.currency,
        thresholdCents: watches.thresholdCents,
        profitPercent: notifications.profitPercent,
        restriction: notifications.restriction,
        orderId: notifications.orderId,
        notice: notifications.notice,
        amazonOrderId: orders.amazonOrderId,
        shipBy: orders.shipBy,
      })
      .from(notifications)
      // An order's notice has no watch (issue 60): mailed by the same setting as the watches' alerts.
      .leftJoin(watches, eq(watches.id, notifications.watchId))
      .leftJoin(orders, and(eq(orders.id, notifications.orderId), eq(orders.userId, notifications.userId)))
      .innerJoin(user, eq(user.id, notifications.userId))
      .leftJoin(userProfiles, eq(userProfiles.userId, notifications.userId))
      .leftJoin(inventories, eq(inventories.id, notifications.inventoryId))
      .leftJoin(watchSettings, eq(watchSettings.userId, notifications.userId))
      .where(
        and(
          isNull(notifications.mailedAt),
          gte(notifications.firedOn, since),
          // No settings row is the default, the daily digest.
          eq(sql`coalesce(${watchSettings.digest}, 'daily')`, digest),
          watchingAccount(sql`${notifications.userId}`),
        ),
      )
      .orderBy(asc(notifications.userId), asc(notifications.createdAt))
  );
}

const groupBy = <T>(rows: readonly T[], key: (row: T) => string) => {
  const groups = new Map<string, T[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return [...groups.values()];
};

/** What a mail names: a product in a marketplace, or a whole inventory. */
const productKey = (p: Pending) =>
  p.orderId ? `order:${p.orderId}` : p.asin ? `${p.marketplace}:${p.asin}` : `inventory:${p.inventoryId}`;

const asProduct = (alerts: Pending[]): WatchMailProduct => ({
  marketplace: alerts[0]!.marketplace as RegionCode,
  asin: alerts[0]!.asin,
  inventory: alerts[0]!.asin ? null : (alerts[0]!.inventoryTitle ?? ''),
  inventoryId: alerts[0]!.asin ? null : alerts[0]!.inventoryId,
  order: alerts[0]!.orderId
    ? { id: alerts[0]!.orderId, amazonOrderId: alerts[0]!.amazonOrderId ?? '' }
    : null,
  alerts: alerts.map((a) => ({
    notice: a.notice,
    order: a.amazonOrderId,
    shipBy: a.shipBy ? new Date(a.shipBy).toISOString() : null,
    condition: a.condition as WatchCondition,
    price: a.priceCents == null ? null : a.priceCents / 100,
    currency: a.currency,
    threshold: a.thresholdCents == null ? null : a.thresholdCents / 100,
    profitPercent: a.profitPercent,
    restriction: a.restriction,
    productCount: a.productCount,
  })),
});

/**
 * Claims `subjects` for the seller and day; answers those this call got (a product already mailed today,
 * or today's digest already sent, is not claimed again).
 */
async function claim(t: Db, userId: string, day: string, subjects: string[]): Promise<Set<string>> {
  if (subjects.length === 0) return new Set();
  const got = await t
    .insert(watchMails)
    .values(subjects.map((subject) => ({ userId, day, subject })))
    .onConflictDoNothing()
    .returning({ subject: watchMails.subject });
  return new Set(got.map((g) => g.subject));
}

async function markMailed(t: Db, alerts: readonly Pending[]) {
  await t
    .update(notifications)
    .set({ mailedAt: sql`now()` })
    .where(
      inArray(
        notifications.id,
        alerts.map((a) => a.id),
      ),
    );
}

/**
 * One seller's mail, sent inside the transaction that claims it and marks its alerts: a failed delivery
 * rolls the claim back, so the job's retry sends it. Alerts of a product already mailed today are marked
 * without a mail (at most one mail names a product a day); they stay in the app's list.
 */
async function mailOne(
  db: Db,
  mail: MailTransport,
  kind: 'instant' | 'daily',
  alerts: Pending[],
  day: string,
  appUrl?: string,
): Promise<boolean> {
  const { userId, email, lang } = alerts[0]!;
  return withTx(db, async (t) => {
    if (kind === 'daily' && (await claim(t, userId, day, [DIGEST])).size === 0) return false;
    const products = groupBy(alerts, productKey);
    const claimed = await claim(
      t,
      userId,
      day,
      products.map((p) => productKey(p[0]!)),
    );
    await markMailed(t, alerts);
    const mailed = products.filter((p) => claimed.has(productKey(p[0]!))).map(asProduct);
    if (mailed.length === 0) return false;
    await mail.deliver(renderWatchMail(lang === 'tr' ? 'tr' : 'en', email, kind, mailed, appUrl));
    return true;
  });
}

/** "Instant": a mail per product with new alerts, its first of the day only. */
export async function sendInstantMails(db: Db, mail: MailTransport, now = new Date(), appUrl?: string) {
  const day = utcDay(now);
  const pending = await pendingAlerts(db, 'instant', now);
  let sent = 0;
  for (const alerts of groupBy(pending, (p) => `${p.userId} ${productKey(p)}`))
    if (await mailOne(db, mail, 'instant', alerts, day, appUrl)) sent++;
  return { sent, alerts: pending.length };
}

/** The daily digest: one mail per seller holding the alerts since the last one, at most one a day. */
export async function sendDailyDigests(db: Db, mail: MailTransport, now = new Date(), appUrl?: string) {
  const day = utcDay(now);
  const pending = await pendingAlerts(db, 'daily', now);
  let sent = 0;
  for (const alerts of groupBy(pending, (p) => p.userId))
    if (await mailOne(db, mail, 'daily', alerts, day, appUrl)) sent++;
  const purged = await db
    .delete(watchMails)
    .where(lt(watchMails.day, utcDay(new Date(now.getTime() - KEEP_CLAIMS_DAYS * 86_400_000))))
    .returning({ day: watchMails.day });
  return { sent, alerts: pending.length, purgedClaims: purged.length };
}
