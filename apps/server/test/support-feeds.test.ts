import { describe, expect, it } from 'vitest';
import { createFeedCache, FRESH_MS, RETRY_AFTER_FAILURE_MS } from '../src/features/support/fetch-feed';
import { alice, app, appWith, bob, get, setUpSupport } from './helpers/support';
import { base, CHANNEL, hitsOf, seen } from './helpers/support-stand-in';

// The support page's outside feeds: knowledge-base and blog posts from WordPress, the YouTube channel's
// videos, and the cache in front of both. Tickets are in support-tickets.test.ts.

setUpSupport({ standIn: true });

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
