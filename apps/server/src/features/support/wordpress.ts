import type { SupportLanguage, SupportPost } from '@crossmarket/domain';
import { decodeHTML } from 'entities';
import { z } from 'zod';
import { FeedError, fetchFeed } from './fetch-feed';

export const POSTS_PER_SECTION = 10;

/**
 * A WordPress site's latest posts: `<base>/wp-json/wp/v2/posts?per_page=10`, with the language's prefix
 * (`<base>/tr/wp-json/…`, as WPML and Polylang serve translations) unless it is English.
 */
export function wordpressPostsUrl(base: string, lang: SupportLanguage): URL {
  const root = base.endsWith('/') ? base : `${base}/`;
  const url = new URL(`${lang === 'en' ? '' : `${lang}/`}wp-json/wp/v2/posts`, root);
  url.searchParams.set('per_page', String(POSTS_PER_SECTION));
  // Only what is shown; WordPress would otherwise send every post's whole content.
  url.searchParams.set('_fields', 'title,link');
  return url;
}

const wordpressPosts = z.array(z.object({ title: z.object({ rendered: z.string() }), link: z.string() }));

/** `title.rendered` is HTML: its tags dropped and its entities (&#8217;, &amp;) decoded into plain text. */
export const plainTitle = (rendered: string) =>
  decodeHTML(rendered.replace(/<[^>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();

const isWebLink = (link: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(link).protocol);
  } catch {
    return false;
  }
};

/** The answer's posts as titles and links; a post without a title or a web link is left out. */
export function parseWordPressPosts(body: string): SupportPost[] {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch (error) {
    throw new FeedError('the WordPress answer is not JSON', { cause: error });
  }
  const parsed = wordpressPosts.safeParse(json);
  if (!parsed.success) throw new FeedError('the WordPress answer is not a list of posts');
  return parsed.data
    .map((post) => ({ title: plainTitle(post.title.rendered), link: post.link }))
    .filter((post) => post.title !== '' && isWebLink(post.link))
    .slice(0, POSTS_PER_SECTION);
}

export async function fetchWordPressPosts(
  base: string,
  lang: SupportLanguage,
  timeoutMs: number,
): Promise<SupportPost[]> {
  return parseWordPressPosts(await fetchFeed(wordpressPostsUrl(base, lang), 'application/json', timeoutMs));
}
