import type { SupportVideo } from '@crossmarket/domain';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { z } from 'zod';
import { FeedError, fetchFeed } from './fetch-feed';

export const VIDEOS_SHOWN = 6;

/** The channel's Atom feed: `<base>?channel_id=<id>`. */
export function youtubeFeedUrl(base: string, channelId: string): URL {
  const url = new URL(base);
  url.searchParams.set('channel_id', channelId);
  return url;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  // Titles stay text ("1984" is not a number); entries and links are lists even when there is one.
  parseTagValue: false,
  isArray: (name) => name === 'entry' || name === 'link',
});

const text = z.string().trim();
const attrs = z.object({ '@_href': z.string().optional(), '@_rel': z.string().optional() });
const entrySchema = z.object({
  'yt:videoId': z.string().regex(/^[A-Za-z0-9_-]{6,20}$/),
  title: text.catch(''),
  link: z.array(attrs).catch([]),
  'media:group': z
    .object({ 'media:thumbnail': z.object({ '@_url': z.string() }).optional() })
    .optional()
    .catch(undefined),
});
const feedSchema = z.object({
  feed: z.union([z.object({ entry: z.array(z.unknown()).optional() }), z.literal('')]),
});

const https = (url: string | undefined) => (url && /^https:\/\/[^\s"<>]+$/.test(url) ? url : undefined);

/** The feed's first six videos: id, link, title and thumbnail; an entry without a video id is skipped. */
export function parseYouTubeFeed(xml: string): SupportVideo[] {
  if (XMLValidator.validate(xml) !== true) throw new FeedError('the YouTube feed is not well-formed XML');
  const parsed = feedSchema.safeParse(parser.parse(xml));
  if (!parsed.success) throw new FeedError('the YouTube answer is not an Atom feed');
  const entries = parsed.data.feed === '' ? [] : (parsed.data.feed.entry ?? []);
  const videos: SupportVideo[] = [];
  for (const raw of entries) {
    const entry = entrySchema.safeParse(raw);
    if (!entry.success) continue;
    const id = entry.data['yt:videoId'];
    const alternate = entry.data.link.find((l) => (l['@_rel'] ?? 'alternate') === 'alternate');
    videos.push({
      id,
      link: https(alternate?.['@_href']) ?? `https://www.youtube.com/watch?v=${id}`,
      title: entry.data.title,
      thumbnail:
        https(entry.data['media:group']?.['media:thumbnail']?.['@_url']) ??
        `https://i.ytimg.com/vi/${id}/hqdefault.jpg`,
    });
    if (videos.length === VIDEOS_SHOWN) break;
  }
  return videos;
}

export async function fetchYouTubeVideos(
  base: string,
  channelId: string,
  timeoutMs: number,
): Promise<SupportVideo[]> {
  const xml = await fetchFeed(
    youtubeFeedUrl(base, channelId),
    'application/atom+xml, application/xml',
    timeoutMs,
  );
  return parseYouTubeFeed(xml);
}
