import en from './en.json';
import tr from './tr.json';

/** Texts the domain's rules produce (validation keys, statuses, filter labels), merged into the web app's. */
export const DOMAIN_MESSAGES = { en, tr } as const;

type Tree = { [key: string]: string | Tree };

/** The text for a key like `validation.report.tooMany` in `lang`, with `{{param}}` filled in; the key when unknown. */
export function domainMessage(
  lang: keyof typeof DOMAIN_MESSAGES,
  key: string,
  params: Record<string, string | number> = {},
): string {
  const text = key
    .split('.')
    .reduce<Tree | string | undefined>(
      (node, part) => (typeof node === 'object' ? node[part] : undefined),
      DOMAIN_MESSAGES[lang] as Tree,
    );
  if (typeof text !== 'string') return key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? `{{${name}}}`));
}

/** The English text for a key like `validation.report.tooMany`, with `{{param}}` filled in. */
export const englishMessage = (key: string, params: Record<string, string | number> = {}) =>
  domainMessage('en', key, params);
