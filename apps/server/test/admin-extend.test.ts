import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, billingSubscriptions, userData } from '../src/db/schema';
import {
  ADMIN_CONFIG,
  OPERATOR_EMAIL,
  adminPost,
  consoleCallers,
  type ConsoleCallers,
} from './helpers/admin';
import { activeUser, cookiesFrom, signIn } from './helpers/auth';
import { buildTestApp, type TestApp } from './helpers/app';
import { subscribe } from './helpers/billing';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { PERIOD_END, stripeRoutes, subscription } from './helpers/stripe-fixtures';
import { startStripeStandIn } from './helpers/stripe-stand-in';

const DAY_MS = 86_400_000;
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.destroy();
});

const extendRows = () => database.db.select().from(adminAudit).where(eq(adminAudit.action, 'user.extend'));
const endOf = async (userId: string) =>
  (await database.db.select().from(userData).where(eq(userData.userId, userId)))[0]!.subscriptionEnd!;

describe('extend a subscription, sandbox engine', () => {
  let s: TestApp;
  let c: ConsoleCallers;
  beforeAll(async () => {
    s = await buildTestApp(database, ADMIN_CONFIG);
    c = await consoleCallers(s.app, database.db, 'sandbox-seller@example.com');
  });
  afterAll(async () => s.close());

  it('is refused (and logged) without a running subscription', async () => {
    const res = await adminPost(s.app, c.operator, `/api/admin/users/${c.sellerId}/extend`, {
      days: 7,
      reason: 'Goodwill',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('no_subscription');
    // The attempt is written before the provider is asked, its result after.
    expect((await extendRows()).map((r) => r.result)).toEqual(['attempt', 'refused']);
  });

  it("moves the engine's renewal and anchor, and the user's end, by N days", async () => {
    await subscribe(s.app, c.seller);
    const [before] = await database.db
      .select()
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.userId, c.sellerId));
    const res = await adminPost(s.app, c.operator, `/api/admin/users/${c.sellerId}/extend`, {
      days: 10,
      reason: 'Outage on the 3rd',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [after] = await database.db
      .select()
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.id, before!.id));
    expect(after!.currentPeriodEnd!.getTime() - before!.currentPeriodEnd!.getTime()).toBe(10 * DAY_MS);
    // Later renewals are counted from the anchor: it moves too, so they keep the gift.
    expect(after!.anchor!.getTime() - before!.anchor!.getTime()).toBe(10 * DAY_MS);
    expect((await endOf(c.sellerId)).getTime()).toBe(after!.currentPeriodEnd!.getTime());
    const rows = await extendRows();
    expect(rows.map((r) => r.result)).toEqual(['attempt', 'refused', 'attempt', 'ok']);
    expect(rows[3]).toMatchObject({ result: 'ok', reason: 'Outage on the 3rd', targetId: c.sellerId });
    expect(rows[3]!.details).toMatchObject({ days: 10, provider: 'sandbox', attempt_id: rows[2]!.id });
  });
});

describe('extend a subscription, Stripe', () => {
  let s: TestApp;
  let c: ConsoleCallers;
  let stand: Awaited<ReturnType<typeof startStripeStandIn>>;
  beforeAll(async () => {
    stand = await startStripeStandIn({
      ...stripeRoutes(),
      'GET /v1/subscriptions/sub_alice': () => subscription('price_live_l'),
      'POST /v1/subscriptions/sub_alice': () => subscription('price_live_l', { status: 'trialing' }),
      'GET /v1/subscriptions/sub_broken': () => subscription('price_live_l'),
      'POST /v1/subscriptions/sub_broken': () => ({
        status: 500,
        body: { error: { type: 'api_error', message: 'Something went wrong on our end' } },
      }),
    });
    s = await buildTestApp(database, {
      ...ADMIN_CONFIG,
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_crossmarket',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_crossmarket',
      STRIPE_WEBHOOK_SECRET: 'whsec_extend',
      STRIPE_API_BASE: stand.url,
    });
    // The operator signed up through the sandbox app above (same database): here they sign in.
    const operator = cookiesFrom((await signIn(s.app, OPERATOR_EMAIL)).headers);
    const seller = await activeUser(s.app, database.db, 'stripe-seller@example.com');
    const me = await s.app.inject({ url: '/api/me', headers: { cookie: seller } });
    c = { operator, seller, sellerId: me.json().user.id };
  });
  afterAll(async () => {
    await s.close();
    await stand.close();
  });

  it("pushes Stripe's next invoice out with a trial, charging nothing, and moves the user's end", async () => {
    await database.db
      .update(userData)
      .set({ subscriptionId: 'sub_alice', subscriptionEnd: new Date(PERIOD_END * 1000), planCode: 'L' })
      .where(eq(userData.userId, c.sellerId));
    const res = await adminPost(s.app, c.operator, `/api/admin/users/${c.sellerId}/extend`, {
      days: 5,
      reason: 'Stripe goodwill',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [update] = stand.callsTo('POST', '/v1/subscriptions/sub_alice');
    expect(update!.params.get('trial_end')).toBe(String(PERIOD_END + 5 * 86_400));
    expect(update!.params.get('proration_behavior')).toBe('none');
    expect((await endOf(c.sellerId)).getTime()).toBe((PERIOD_END + 5 * 86_400) * 1000);
    const rows = await extendRows();
    expect(rows.at(-1)).toMatchObject({ result: 'ok', reason: 'Stripe goodwill' });
    expect(rows.at(-1)!.details).toMatchObject({ days: 5, provider: 'stripe' });
  });

  it('leaves its attempt and a failed row when Stripe errs, and changes nothing', async () => {
    await database.db
      .update(userData)
      .set({ subscriptionId: 'sub_broken', subscriptionEnd: new Date(PERIOD_END * 1000), planCode: 'L' })
      .where(eq(userData.userId, c.sellerId));
    const before = await extendRows();
    const res = await adminPost(s.app, c.operator, `/api/admin/users/${c.sellerId}/extend`, {
      days: 3,
      reason: 'Stripe down',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(500);
    const rows = (await extendRows()).slice(before.length);
    expect(rows.map((r) => r.result)).toEqual(['attempt', 'failed']);
    expect(rows[1]!.details).toMatchObject({ days: 3, provider: 'stripe', attempt_id: rows[0]!.id });
    expect(JSON.stringify(rows[1]!.details)).not.toContain('went wrong');
    expect((await endOf(c.sellerId)).getTime()).toBe(PERIOD_END * 1000);
  });
});
