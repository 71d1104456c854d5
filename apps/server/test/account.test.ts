import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { reports, user, userData, userProfiles } from '../src/db/schema';
import { buildTestApp, type TestApp } from './helpers/app';
import { activeUser, jsonHeaders } from './helpers/auth';
import { createTestDatabase, type TestDatabase } from './helpers/db';

let database: TestDatabase;
let testApp: TestApp;
let app: App;
let alice: string;
let bob: string;

const profile = {
  first_name: 'Alice',
  last_name: 'Smith',
  // Written as people do; stored in E.164 (issue 46).
  phone_number: '(212) 555-1234',
  address: '1 Main Street',
  country: 'US',
  state: 'NY',
  city: 'New York',
  postal_code: '10001',
};

async function userIdOf(email: string) {
  const [row] = await database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return row!.id;
}

beforeAll(async () => {
  database = await createTestDatabase();
  testApp = await buildTestApp(database);
  app = testApp.app;
  alice = await activeUser(app, database.db, 'alice@example.com');
  bob = await activeUser(app, database.db, 'bob@example.com');
});
afterAll(async () => {
  await testApp.close();
  await database.destroy();
});

describe('/api/me', () => {
  it('needs a session', async () => {
    const res = await app.inject('/api/me');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthenticated');
  });
});

describe('profile', () => {
  it('saves the profile form and answers Success-able result', async () => {
    const res = await app.inject({
      method: 'PATCH',
      url: '/api/me/profile',
      headers: jsonHeaders(alice),
      payload: profile,
    });
    expect(res.json()).toEqual({ result: true });
    const me = (await app.inject({ url: '/api/me', headers: { cookie: alice } })).json();
    expect(me.profile).toMatchObject({
      first_name: 'Alice',
      phone_number: '+12125551234',
      second_name: null,
    });
  });

  it('names each bad field with the specification message', async () => {
    const res = await app.inject({
      method: 'PATCH',
      url: '/api/me/profile',
      headers: jsonHeaders(alice),
      payload: { ...profile, first_name: 'Al1ce', phone_number: '12' },
    });
    expect(res.statusCode).toBe(400);
    const fields = res.json().error.fields;
    expect(fields).toContainEqual({
      field: 'first_name',
      key: 'validation.firstName.required',
      message: 'Please type your first name',
    });
    expect(fields.map((f: { field: string }) => f.field)).toContain('phone_number');
  });

  it("changes only the caller's own row: Bob's update never touches Alice", async () => {
    await app.inject({
      method: 'PATCH',
      url: '/api/me/profile',
      headers: jsonHeaders(bob),
      payload: { ...profile, first_name: 'Bob' },
    });
    const aliceMe = (await app.inject({ url: '/api/me', headers: { cookie: alice } })).json();
    const bobMe = (await app.inject({ url: '/api/me', headers: { cookie: bob } })).json();
    expect(aliceMe.profile.first_name).toBe('Alice');
    expect(bobMe.profile.first_name).toBe('Bob');
    expect(bobMe.user.email).toBe('bob@example.com');
  });

  it('saves the onboarding info with the questionnaire, and the communication language', async () => {
    const qs = { how_long: '0', work_model: 'both', connection_type: 'friend', which_software: 'other' };
    const bad = await app.inject({
      method: 'PUT',
      url: '/api/me/onboarding',
      headers: jsonHeaders(alice),
      payload: { ...profile, qs: { ...qs, how_long: '9' } },
    });
    expect(bad.json().error.fields[0]).toMatchObject({
      field: 'qs.how_long',
      message: 'Please select your answer',
    });
    await app.inject({
      method: 'PUT',
      url: '/api/me/onboarding',
      headers: jsonHeaders(alice),
      payload: { ...profile, qs },
    });
    await app.inject({
      method: 'PATCH',
      url: '/api/me/preferences',
      headers: jsonHeaders(alice),
      payload: { comm_lang: 'tr' },
    });
    const me = (await app.inject({ url: '/api/me', headers: { cookie: alice } })).json();
    expect(me.profile).toMatchObject({ qs, comm_lang: 'tr' });
    const wrongLang = await app.inject({
      method: 'PATCH',
      url: '/api/me/preferences',
      headers: jsonHeaders(alice),
      payload: { comm_lang: 'de' },
    });
    expect(wrongLang.statusCode).toBe(400);
  });
});

describe('banned contents', () => {
  it('normalises and saves every list in one go, per region, for the caller only', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/me/banned-contents',
      headers: jsonHeaders(alice),
      payload: {
        pids: { ca: 'b00-0000001\n\nB000000001' },
        brands: { ca: ' Acme \nacme\nX' },
        keywords: { us: ['toy gun'] },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      pids: { ca: ['B000000001'] },
      brands: { ca: ['Acme'] },
      keywords: { us: ['toy gun'] },
    });
    expect((await app.inject({ url: '/api/me/banned-contents', headers: { cookie: bob } })).json()).toEqual({
      pids: {},
      brands: {},
      keywords: {},
    });
  });

  it('refuses a list over 5,000 entries without saving any list', async () => {
    const many = Array.from({ length: 5001 }, (_, i) => `brand ${i}`).join('\n');
    const res = await app.inject({
      method: 'PUT',
      url: '/api/me/banned-contents',
      headers: jsonHeaders(alice),
      payload: { pids: { ca: 'B000000002' }, brands: { ca: many } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[0]).toMatchObject({
      field: 'brands.ca',
      message: 'A list can hold at most 5000 entries per region',
    });
    const kept = (await app.inject({ url: '/api/me/banned-contents', headers: { cookie: alice } })).json();
    expect(kept.pids.ca).toEqual(['B000000001']);
  });
});

describe('usage', () => {
  it("counts today's report products (Istanbul's day) and ignores older reports and other users", async () => {
    const id = await userIdOf('alice@example.com');
    await database.db.insert(reports).values([
      { userId: id, fromCountry: 'us', toCountry: 'ca', content: ['B000000001', 'B000000002'], size: 4 },
      {
        userId: id,
        fromCountry: 'us',
        toCountry: 'ca',
        content: ['B000000003'],
        size: 2,
        createdAt: sql`now() - interval '2 days'`,
      },
      {
        userId: await userIdOf('bob@example.com'),
        fromCountry: 'us',
        toCountry: 'ca',
        content: ['B000000009'],
        size: 2,
      },
    ]);
    expect((await app.inject({ url: '/api/usage', headers: { cookie: alice } })).json()).toEqual({
      r_count: 2,
      ip_count: 0,
    });
  });
});

describe('gating', () => {
  it('refuses a suspended user data calls but still answers /api/me', async () => {
    const id = await userIdOf('bob@example.com');
    await database.db.update(userData).set({ suspended: true }).where(eq(userData.userId, id));
    const me = await app.inject({ url: '/api/me', headers: { cookie: bob } });
    expect(me.json().user_data.suspended).toBe(true);
    const patch = await app.inject({
      method: 'PATCH',
      url: '/api/me/profile',
      headers: jsonHeaders(bob),
      payload: profile,
    });
    expect(patch.statusCode).toBe(403);
    expect(patch.json().error).toEqual({
      code: 'account_suspended',
      message: 'Your account has been suspended.',
    });
    await database.db.update(userData).set({ suspended: false }).where(eq(userData.userId, id));
  });

  it('refuses an inactive user', async () => {
    const id = await userIdOf('bob@example.com');
    await database.db.update(userData).set({ isActive: false }).where(eq(userData.userId, id));
    const res = await app.inject({ url: '/api/usage', headers: { cookie: bob } });
    expect(res.json().error.code).toBe('account_inactive');
    await database.db.update(userData).set({ isActive: true }).where(eq(userData.userId, id));
  });

  it('reports the lockout six hours after subscription_end, keeping settings usable', async () => {
    const id = await userIdOf('alice@example.com');
    await database.db
      .update(userData)
      .set({ planCode: 'L', subscriptionEnd: sql`now() - interval '5 hours'` })
      .where(eq(userData.userId, id));
    let me = (await app.inject({ url: '/api/me', headers: { cookie: alice } })).json();
    expect(me.access).toEqual({ paid_active: false, locked_out: false });
    await database.db
      .update(userData)
      .set({ subscriptionEnd: sql`now() - interval '7 hours'` })
      .where(eq(userData.userId, id));
    me = (await app.inject({ url: '/api/me', headers: { cookie: alice } })).json();
    expect(me.access).toEqual({ paid_active: false, locked_out: true });
    const settings = await app.inject({
      method: 'PATCH',
      url: '/api/me/profile',
      headers: jsonHeaders(alice),
      payload: profile,
    });
    expect(settings.statusCode).toBe(200);
  });
});

describe('plans', () => {
  it('lists the visible tiers in order, F hidden, L the best seller', async () => {
    const res = await app.inject('/api/plans');
    const list = res.json();
    expect(list.map((p: { code: string }) => p.code)).toEqual(['S', 'M', 'L', 'XL', '2XL', '3XL']);
    expect(list.find((p: { code: string }) => p.code === 'L')).toMatchObject({
      best_seller: true,
      daily_report_quota: 5000,
      monthly_price: 7900,
    });
  });
});

describe('development mailbox and app config', () => {
  it('lists the outbox newest first', async () => {
    const res = await app.inject('/dev/mailbox.json');
    const mails = res.json();
    expect(mails[0]).toMatchObject({ to: 'bob@example.com', subject: 'Activate your Crossmarket account' });
    expect(Object.keys(mails[0]).sort()).toEqual(['created_at', 'html', 'subject', 'text', 'to']);
    expect((await app.inject('/dev/mailbox')).body).toContain('Development mailbox');
  });

  it('is absent in production', async () => {
    const prod = await buildTestApp(database, { NODE_ENV: 'production' }, { worker: false });
    try {
      expect((await prod.app.inject('/dev/mailbox.json')).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });

  it('serves the external links from configuration', async () => {
    const res = await app.inject('/api/app-config');
    expect(res.json().links).toMatchObject({ blog: 'https://blog.crossmarket.app' });
  });
});

// Last: it sends an activation mail, and the mailbox test above expects bob's to be the newest.
describe('account rows', () => {
  it('repairs an account whose profile row is missing, keeping its plan', async () => {
    const carol = await activeUser(app, database.db, 'carol@example.com');
    const id = await userIdOf('carol@example.com');
    await database.db.update(userData).set({ planCode: 'L' }).where(eq(userData.userId, id));
    await database.db.delete(userProfiles).where(eq(userProfiles.userId, id));
    const res = await app.inject({ url: '/api/me', headers: { cookie: carol } });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe('carol@example.com');
    const rows = await database.db.select().from(userProfiles).where(eq(userProfiles.userId, id));
    expect(rows).toHaveLength(1);
    const [data] = await database.db.select().from(userData).where(eq(userData.userId, id));
    expect(data!.planCode).toBe('L');
  });
});
