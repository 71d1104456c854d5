import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import type { Config } from '../src/config';
import { mailOutbox, supportTickets, userData, userProfiles } from '../src/db/schema';
import { createFeedCache, FRESH_MS, RETRY_AFTER_FAILURE_MS } from '../src/features/support/fetch-feed';
import { userIdOf } from './helpers/analysis';
import { buildTestApp, type TestApp } from './helpers/app';
import { activeUser, jsonHeaders, waitForMail } from './helpers/auth';
import { createTestDatabase, type TestDatabase } from './helpers/db';

const CHANNEL = 'UCabcdefghijklmnopqrstuv';
const SUPPORT = 'help-desk@example.com';

// ---- stand-in WordPress and YouTube -------------------------------------------------------------------

const posts = (n: number, prefix = 'Post') =>
  Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    title: { rendered: `${prefix} ${i + 1}` },
    link: `https://kb.example.com/${prefix.toLowerCase()}-${i + 1}/`,
    content: { rendered: '<p>not needed</p>' },
  }));

const entry = (id: string, title: string) => `<entry>
  <id>yt:video:${id}</id><yt:videoId>${id}</yt:videoId><yt:channelId>${CHANNEL}</yt:channelId>
  <title>${title}</title>
  <link rel="alternate" href="https://www.youtube.com/watch?v=${id}"/>
  <published>2026-10-01T10:00:00+00:00</published>
  <media:group>
    <media:title>${title}</media:title>
    <media:thumbnail url="https://i1.ytimg.com/vi/${id}/hqdefault.jpg" width="480" height="360"/>
  </media:group>
</entry>`;
const feed = (entries: string) => `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns:yt="http://www.youtube.com/xml/schemas/2015" xmlns:media="http://search.yahoo.com/mrss/" xmlns="http://www.w3.org/2005/Atom">
  <title>Crossmarket</title>
  ${entries}
</feed>`;
const EIGHT_VIDEOS = feed(
  [
    entry('vid0000000A', 'Filters &amp; settings'),
    // No video id: skipped.
    '<entry><title>Broken</title></entry>',
    ...Array.from({ length: 7 }, (_, i) => entry(`vid000000${i}B`, `Video ${i + 1}`)),
  ].join('\n'),
);

/** Every request the stand-in received (path and query). */
const seen: string[] = [];
let standIn: http.Server;
let base: string;

function startStandIn(): Promise<void> {
  standIn = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://stand-in');
    seen.push(url.pathname + url.search);
    const site = url.pathname.split('/')[1];
    const send = (status: number, type: string, body: string) => {
      res.writeHead(status, { 'content-type': type });
      res.end(body);
    };
    const json = (body: unknown) => send(200, 'application/json', JSON.stringify(body));
    switch (site) {
      case 'wp': {
        // A site with translations under /tr; titles as WordPress renders them.
        if (url.pathname === '/wp/tr/wp-json/wp/v2/posts') return json(posts(3, 'Yazı'));
        if (url.pathname !== '/wp/wp-json/wp/v2/posts') return send(404, 'application/json', '{}');
        return json([
          {
            title: { rendered: 'Don&#8217;t miss <em>this</em> &amp; that' },
            link: 'https://kb.example.com/a/',
          },
          { title: { rendered: 'Evil' }, link: 'javascript:alert(1)' },
          { title: { rendered: '' }, link: 'https://kb.example.com/untitled/' },
          ...posts(12),
        ]);
      }
      case 'slow':
        return void setTimeout(() => json(posts(2)), 3000);
      case 'broken':
        return send(500, 'text/html', '<h1>Internal Server Error</h1>');
      case 'garbled':
        return send(200, 'application/json', '[{"title": {"rendered": "cut off');
      case 'not-posts':
        return json({ code: 'rest_no_route', message: 'No route was found' });
      case 'feeds':
        if (url.searchParams.get('channel_id') !== CHANNEL) return send(404, 'text/plain', 'no channel');
        return send(200, 'application/atom+xml', EIGHT_VIDEOS);
      case 'empty-feed':
        return send(200, 'application/atom+xml', feed(''));
      case 'bad-xml':
        return send(200, 'application/atom+xml', '<feed><entry><title>unclosed</entry>');
      case 'huge':
        return send(200, 'application/atom+xml', feed(`<title>${'x'.repeat(3 * 1024 * 1024)}</title>`));
      case 'html-feed':
        return send(200, 'text/html', '<html><body><p>Consent</p></body></html>');
      default:
        return send(404, 'text/plain', 'not here');
    }
  });
  return new Promise((resolve) =>
    standIn.listen(0, '127.0.0.1', () => {
      base = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
      resolve();
    }),
  );
}

// ---- apps and users ---------------------------------------------------------------------------------

let database: TestDatabase;
let testApp: TestApp;
let app: App;
const extraApps: TestApp[] = [];
let alice: string;
let bob: string;
let carol: string;

/** Another app on the same database (sessions carry over) with other support settings, without a worker. */
async function appWith(overrides: Partial<Config>): Promise<App> {
  const built = await buildTestApp(
    database,
    { SUPPORT_FEED_TIMEOUT_MS: 400, ...overrides },
    { worker: false },
  );
  extraApps.push(built);
  return built.app;
}

const get = (target: App, url: string, cookie?: string) =>
  target.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const ticket = (cookie: string | undefined, payload: unknown) =>
  app.inject({
    method: 'POST',
    url: '/api/create-ticket',
    headers: jsonHeaders(cookie),
    payload: payload as object,
  });
const hitsOf = (prefix: string) => seen.filter((s) => s.startsWith(prefix)).length;

beforeAll(async () => {
  await startStandIn();
  database = await createTestDatabase();
  testApp = await buildTestApp(database, { SUPPORT_EMAIL: SUPPORT });
  app = testApp.app;
  [alice, bob, carol] = await Promise.all([
    activeUser(app, database.db, 'alice@example.com'),
    activeUser(app, database.db, 'bob@example.com'),
    activeUser(app, database.db, 'carol@example.com'),
  ]);
  // Alice pays; Bob and Carol never bought a plan, so they are locked out (gating rule 5).
  await database.db
    .update(userData)
    .set({ subscriptionEnd: new Date(Date.now() + 30 * 86_400_000), welcomeDone: true })
    .where(eq(userData.userId, await userIdOf(database.db, 'alice@example.com')));
});
afterAll(async () => {
  await Promise.all(extraApps.map((a) => a.close()));
  await testApp.close();
  await database.destroy();
  await new Promise((r) => standIn.close(r));
});

describe('GET /api/support/posts', () => {
  it('falls back to the built-in guide for the knowledge base and hides an unconfigured blog', async () => {
    const kb = await get(app, '/api/support/posts?kind=kb&lang=tr', alice);
    expect(kb.statusCode).toBe(200);
    expect(kb.json()).toEqual({ kind: 'kb', source: 'guide', status: 'ok', posts: [] });
    expect((await get(app, '/api/support/posts?kind=blog', alice)).json()).toEqual({
      kind: 'blog',
      source: 'none',
      status: 'ok',
      posts: [],
    });
  });

  it('reads the latest 10 posts: plain-text titles, web links only, no prefix for English', async () => {
    const target = await appWith({ KNOWLEDGE_BASE_URL: `${base}/wp` });
    const res = await get(target, '/api/support/posts?kind=kb&lang=en', alice);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ kind: 'kb', source: 'wordpress', status: 'ok' });
    expect(body.posts).toHaveLength(10);
    expect(body.posts[0]).toEqual({ title: 'Don’t miss this & that', link: 'https://kb.example.com/a/' });
    expect(body.posts.map((p: { link: string }) => p.link)).not.toContain('javascript:alert(1)');
    expect(body.posts.at(-1).title).toBe('Post 9');
    const asked = seen.filter((s) => s.startsWith('/wp/'));
    expect(asked).toHaveLength(1);
    const url = new URL(asked[0]!, base);
    expect(url.pathname).toBe('/wp/wp-json/wp/v2/posts');
    expect(url.searchParams.get('per_page')).toBe('10');
  });

  it('adds the language prefix unless English, and serves a second call from its cache', async () => {
    const target = await appWith({ BLOG_URL: `${base}/wp/` });
    const before = hitsOf('/wp/tr/');
    const first = await get(target, '/api/support/posts?kind=blog&lang=tr', bob);
    expect(first.json()).toMatchObject({ kind: 'blog', source: 'wordpress', status: 'ok' });
    expect(first.json().posts.map((p: { title: string }) => p.title)).toEqual(['Yazı 1', 'Yazı 2', 'Yazı 3']);
    expect(hitsOf('/wp/tr/wp-json/wp/v2/posts?per_page=10')).toBe(before + 1);
    const second = await get(target, '/api/support/posts?kind=blog&lang=tr', alice);
    expect(second.json()).toEqual(first.json());
    expect(hitsOf('/wp/tr/')).toBe(before + 1);
  });

  it('answers "unavailable" (never a 500) for a slow, failing or unreadable site', async () => {
    const slow = await appWith({ KNOWLEDGE_BASE_URL: `${base}/slow`, BLOG_URL: `${base}/broken` });
    const started = Date.now();
    const timedOut = await get(slow, '/api/support/posts?kind=kb', alice);
    expect(Date.now() - started).toBeLessThan(2500);
    expect(timedOut.statusCode).toBe(200);
    expect(timedOut.json()).toEqual({ kind: 'kb', source: 'wordpress', status: 'unavailable', posts: [] });
    const failed = await get(slow, '/api/support/posts?kind=blog', alice);
    expect(failed.statusCode).toBe(200);
    expect(failed.json()).toMatchObject({ status: 'unavailable', posts: [] });

    const odd = await appWith({ KNOWLEDGE_BASE_URL: `${base}/garbled`, BLOG_URL: `${base}/not-posts` });
    for (const kind of ['kb', 'blog']) {
      const res = await get(odd, `/api/support/posts?kind=${kind}&lang=tr`, alice);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ kind, status: 'unavailable', posts: [] });
    }
    // The failure is remembered for a while: the broken site is not asked again at once.
    const brokenHits = hitsOf('/broken/');
    await get(slow, '/api/support/posts?kind=blog', alice);
    expect(hitsOf('/broken/')).toBe(brokenHits);
  });

  it('checks the query and the session', async () => {
    const bad = await get(app, '/api/support/posts?kind=news', alice);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields[0]).toMatchObject({ field: 'kind', key: 'validation.support.kind' });
    expect((await get(app, '/api/support/posts?kind=kb&lang=de', alice)).json().error.fields[0].field).toBe(
      'lang',
    );
    expect((await get(app, '/api/support/posts?kind=kb')).statusCode).toBe(401);
  });
});

describe('GET /api/get-yt-videos', () => {
  it('is disabled without a channel', async () => {
    expect((await get(app, '/api/get-yt-videos', alice)).json()).toEqual({ status: 'disabled', videos: [] });
  });

  it("reads the channel's feed: the first 6 videos with id, link, title and thumbnail, cached", async () => {
    const target = await appWith({
      YOUTUBE_CHANNEL_ID: CHANNEL,
      YOUTUBE_FEED_URL: `${base}/feeds/videos.xml`,
    });
    const res = await get(target, '/api/get-yt-videos', alice);
    expect(res.statusCode).toBe(200);
    const { status, videos } = res.json();
    expect(status).toBe('ok');
    expect(videos).toHaveLength(6);
    expect(videos[0]).toEqual({
      id: 'vid0000000A',
      link: 'https://www.youtube.com/watch?v=vid0000000A',
      title: 'Filters & settings',
      thumbnail: 'https://i1.ytimg.com/vi/vid0000000A/hqdefault.jpg',
    });
    expect(videos.at(-1).title).toBe('Video 5');
    expect(seen).toContain(`/feeds/videos.xml?channel_id=${CHANNEL}`);
    const hits = hitsOf('/feeds/');
    await get(target, '/api/get-yt-videos', bob);
    expect(hitsOf('/feeds/')).toBe(hits);
  });

  it('answers an empty list for a channel without videos', async () => {
    const target = await appWith({ YOUTUBE_CHANNEL_ID: CHANNEL, YOUTUBE_FEED_URL: `${base}/empty-feed` });
    expect((await get(target, '/api/get-yt-videos', alice)).json()).toEqual({ status: 'ok', videos: [] });
  });

  it.each(['bad-xml', 'html-feed', 'huge', 'broken', 'slow'])(
    'answers "unavailable" for a %s feed',
    async (site) => {
      const target = await appWith({ YOUTUBE_CHANNEL_ID: CHANNEL, YOUTUBE_FEED_URL: `${base}/${site}` });
      const res = await get(target, '/api/get-yt-videos', alice);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'unavailable', videos: [] });
    },
  );
});

describe('the feed cache', () => {
  it('keeps a good answer fresh, serves it while the site fails, and retries after a pause', async () => {
    let now = 0;
    const errors: string[] = [];
    const cache = createFeedCache<string>(
      (key) => errors.push(key),
      () => now,
    );
    let calls = 0;
    const good = async () => `v${++calls}`;
    const bad = async (): Promise<string> => {
      calls++;
      throw new Error('down');
    };
    expect(await cache('k', good)).toBe('v1');
    now += FRESH_MS - 1;
    expect(await cache('k', bad)).toBe('v1');
    expect(calls).toBe(1);
    now += 1;
    expect(await cache('k', bad)).toBe('v1');
    expect(errors).toEqual(['k']);
    now += RETRY_AFTER_FAILURE_MS - 1;
    expect(await cache('k', good)).toBe('v1');
    now += 1;
    expect(await cache('k', good)).toBe('v3');
    // No earlier answer: a failure is `undefined` (unavailable); concurrent misses share one request.
    const [a, b] = await Promise.all([cache('other', bad), cache('other', bad)]);
    expect([a, b]).toEqual([undefined, undefined]);
    expect(calls).toBe(4);
  });
});

describe('POST /api/create-ticket', () => {
  const fieldsOf = (res: { json(): { error: { fields: { field: string; key: string }[] } } }) =>
    res.json().error.fields.map((f) => `${f.field}: ${f.key}`);

  it('refuses a stranger, whatever the body', async () => {
    expect((await ticket(undefined, { topic: 'account', message: 'Hi' })).statusCode).toBe(401);
    expect((await ticket(undefined, { nonsense: true })).statusCode).toBe(401);
  });

  it('names the field of a bad body', async () => {
    const empty = await ticket(alice, {});
    expect(empty.statusCode).toBe(400);
    expect(fieldsOf(empty)).toEqual([
      'topic: validation.support.topic',
      'message: validation.support.message',
    ]);
    expect(empty.json().error.message).toContain('topic: Select your topic');
    expect(fieldsOf(await ticket(alice, { topic: 'billing', message: 'Hi' }))).toEqual([
      'topic: validation.support.topic',
    ]);
    expect(fieldsOf(await ticket(alice, { topic: 'other', message: '   ' }))).toEqual([
      'message: validation.support.message',
    ]);
    expect(fieldsOf(await ticket(alice, { topic: 'other', message: 'x'.repeat(5001) }))).toEqual([
      'message: validation.support.messageTooLong',
    ]);
    const aliceId = await userIdOf(database.db, 'alice@example.com');
    expect(await database.db.select().from(supportTickets).where(eq(supportTickets.userId, aliceId))).toEqual(
      [],
    );
  });

  it("stores the ticket as the session's user and mails support and the user; HTML stays text", async () => {
    const message = 'My report is stuck.\n<script>alert("x")</script> & <b>bold</b>';
    const res = await ticket(alice, {
      topic: 'reports',
      message,
      // The specification's client sent these; the session decides who is writing.
      user_id: 'someone-else',
      user_email: 'mallory@example.com',
      access_token: 'ignored',
    });
    expect(res.statusCode).toBe(201);
    const { result, id } = res.json();
    expect(result).toBe(true);
    const [row] = await database.db.select().from(supportTickets).where(eq(supportTickets.id, id));
    expect(row).toMatchObject({
      userId: await userIdOf(database.db, 'alice@example.com'),
      topic: 'reports',
      message,
      status: 'open',
    });

    const toSupport = await waitForMail(database.db, SUPPORT, new RegExp(id.split('-')[0]));
    expect(toSupport.subject).toBe(`Support ticket #${id.split('-')[0]}: Reports from alice@example.com`);
    expect(toSupport.text).toContain(message);
    expect(toSupport.text).toContain('From: alice@example.com');
    expect(toSupport.html).toContain(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;',
    );
    expect(toSupport.html).not.toContain('<script>');
    expect(toSupport.html).not.toContain('<b>bold');

    const ack = await waitForMail(database.db, 'alice@example.com', /support ticket/);
    expect(ack.subject).toBe(`We received your support ticket #${id.split('-')[0]}`);
    expect(ack.text).toContain('within 24 hours');
    expect(ack.text).toContain(message);
    expect(ack.html).toContain('&lt;script&gt;');
    expect(ack.html).not.toContain('<script>');
    const toMallory = await database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'mallory@example.com'));
    expect(toMallory).toEqual([]);
  });

  it("acknowledges in the user's communication language, also when locked out or suspended", async () => {
    const bobId = await userIdOf(database.db, 'bob@example.com');
    await database.db.update(userProfiles).set({ commLang: 'tr' }).where(eq(userProfiles.userId, bobId));
    await database.db.update(userData).set({ suspended: true }).where(eq(userData.userId, bobId));
    const res = await ticket(bob, { topic: 'payments', message: 'Hesabım neden askıya alındı?' });
    expect(res.statusCode).toBe(201);
    const ack = await waitForMail(database.db, 'bob@example.com', /Destek talebinizi aldık/);
    expect(ack.text).toContain('Ödemeler');
    expect(ack.text).toContain('24 saat içinde');
    expect((await get(app, '/api/support/posts?kind=kb', bob)).statusCode).toBe(200);
    expect((await get(app, '/api/get-yt-videos', bob)).statusCode).toBe(200);
    // Other areas stay closed to him.
    expect((await get(app, '/api/filter-sets', bob)).json().error.code).toBe('account_suspended');

    await database.db.update(userData).set({ isActive: false }).where(eq(userData.userId, bobId));
    const inactive = await ticket(bob, { topic: 'account', message: 'Hello?' });
    expect(inactive.statusCode).toBe(403);
    expect(inactive.json().error.code).toBe('account_inactive');
  });

  it('takes 5 tickets an hour from one user', async () => {
    for (let i = 1; i <= 5; i++) {
      expect((await ticket(carol, { topic: 'other', message: `Question ${i}` })).statusCode).toBe(201);
    }
    const refused = await ticket(carol, { topic: 'other', message: 'Question 6' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('rate_limited');
    const carolId = await userIdOf(database.db, 'carol@example.com');
    const stored = await database.db
      .select()
      .from(supportTickets)
      .where(and(eq(supportTickets.userId, carolId), eq(supportTickets.topic, 'other')));
    expect(stored).toHaveLength(5);
    // Another user is not slowed by Carol's tickets.
    expect((await ticket(alice, { topic: 'account', message: 'Still here' })).statusCode).toBe(201);
  });
});
