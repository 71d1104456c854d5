import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A stand-in WordPress and YouTube for the support page's feeds: /wp serves posts (with translations under
// /wp/tr), /feeds the channel's video feed, and the other sites a slow, failing or unreadable answer.

export const CHANNEL = 'UCabcdefghijklmnopqrstuv';

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
export const seen: string[] = [];
let standIn: http.Server;
/** The stand-in's origin, set once `startStandIn` has resolved. */
export let base: string;

export function startStandIn(): Promise<void> {
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

export const stopStandIn = () => new Promise((r) => standIn.close(r));

export const hitsOf = (prefix: string) => seen.filter((s) => s.startsWith(prefix)).length;
