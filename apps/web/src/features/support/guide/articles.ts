import type { SupportLanguage } from '@crossmarket/domain';

/** The guide shipped with the app: `<lang>/<slug>.md`, each starting with its `# Title` line. */
const SOURCES = import.meta.glob<string>('./*/*.md', { query: '?raw', import: 'default', eager: true });

/** The articles in reading order. */
export const GUIDE_SLUGS = [
  'getting-started',
  'creating-a-report',
  'filters',
  'pricing-rules',
  'exports',
  'inventories',
] as const;

export interface GuideArticle {
  slug: string;
  title: string;
  /** Markdown after the title line. */
  body: string;
}

/** One article in `lang` (English when it has no translation); undefined for an unknown slug. */
export function guideArticle(slug: string, lang: SupportLanguage): GuideArticle | undefined {
  const source = SOURCES[`./${lang}/${slug}.md`] ?? SOURCES[`./en/${slug}.md`];
  if (source === undefined) return undefined;
  const newline = source.indexOf('\n');
  const first = newline === -1 ? source : source.slice(0, newline);
  return { slug, title: first.replace(/^#\s+/, '').trim(), body: source.slice(newline + 1) };
}

export const guideArticles = (lang: SupportLanguage): GuideArticle[] =>
  GUIDE_SLUGS.map((slug) => guideArticle(slug, lang)!);
