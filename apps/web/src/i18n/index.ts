import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { app, auth, common, errors, languages, preferences } from './en.json';

export const LANGUAGES = ['en', 'tr'] as const;
export type Language = (typeof LANGUAGES)[number];
const STORAGE_KEY = 'crossmarket.language';

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

function initialLanguage(): Language {
  const saved = safeStorage()?.getItem(STORAGE_KEY);
  if (isLanguage(saved)) return saved;
  const browser = typeof navigator === 'undefined' ? '' : navigator.language.slice(0, 2);
  return isLanguage(browser) ? browser : 'en';
}

function safeStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

type Tree = { [key: string]: unknown };
/** The app's texts over the domain's (validation messages, statuses, filter labels): one namespace. */
function merge(base: Tree, over: Tree): Tree {
  const out: Tree = { ...base };
  for (const [k, v] of Object.entries(over)) {
    const b = out[k];
    const nested = (x: unknown): x is Tree => typeof x === 'object' && x !== null && !Array.isArray(x);
    out[k] = nested(v) && nested(b) ? merge(b, v) : v;
  }
  return out;
}

/** A language's texts and Ant Design's own strings for it (its date picker, pagination, modals). */
interface Bundle {
  messages: Tree;
  antd: Locale;
}

// The entry chunk carries what the sign-in route shows: the shell's and the public pages' English texts,
// a sixth of en.json. The rest of English, Turkish, and the domain's messages (validation, statuses,
// filter labels) arrive in chunks fetched once the first page is on its way; the signed-in routes wait
// for them (router.tsx), and so does form validation (lib/zod-form.ts).
const FIRST_TEXTS: Tree = { app, auth, common, errors, languages, preferences };

const domainMessages = () => import('./domain-messages').then((m) => m.DOMAIN_MESSAGES);
const fetchers: Record<Language, () => Promise<Bundle>> = {
  en: async () => {
    // As text: a module cannot be both split (the named imports above) and whole.
    const [texts, domain] = await Promise.all([import('./en.json?raw'), domainMessages()]);
    return { messages: merge(domain.en, JSON.parse(texts.default) as Tree), antd: enUS };
  },
  tr: async () => {
    const [texts, domain, antd] = await Promise.all([
      import('./tr.json'),
      domainMessages(),
      import('antd/es/locale/tr_TR'),
    ]);
    return { messages: merge(domain.tr, texts.default), antd: antd.default };
  },
};

const antdLocales: Partial<Record<Language, Locale>> = { en: enUS };
const loading: Partial<Record<Language, Promise<void>>> = {};

/** Fetches all of a language's texts, once (again after a failure). */
function load(lng: Language): Promise<void> {
  loading[lng] ??= fetchers[lng]().then(
    (bundle) => {
      i18next.addResourceBundle(lng, 'translation', bundle.messages, true, true);
      antdLocales[lng] = bundle.antd;
    },
    (error: unknown) => {
      delete loading[lng];
      throw error;
    },
  );
  return loading[lng];
}

/** Settles once all texts of a language (the interface language unless named) are in. */
export function textsReady(lng?: Language): Promise<void> {
  return load(lng ?? (isLanguage(i18next.language) ? i18next.language : 'en'));
}

/** Ant Design's locale for the interface language (English until that language has arrived). */
export function antdLocale(lng: string): Locale {
  return (isLanguage(lng) ? antdLocales[lng] : undefined) ?? enUS;
}

const first = initialLanguage();
void i18next.use(initReactI18next).init({
  resources: { en: { translation: FIRST_TEXTS } },
  lng: first,
  fallbackLng: 'en',
  supportedLngs: LANGUAGES,
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
  // A page drawn before the rest of its language arrived redraws when it does.
  react: { bindI18nStore: 'added' },
});

/**
 * Settles when the first page can be drawn: at once in English; for a Turkish reader once Turkish is in,
 * so that they see no English first (should it fail to arrive, the app draws in English).
 */
export const i18nReady: Promise<void> =
  first === 'en' ? Promise.resolve() : load(first).catch(() => undefined);
void i18nReady.then(() => textsReady().catch(() => undefined));

function onLanguage(lng: string) {
  document.documentElement.lang = lng;
}
onLanguage(i18next.language);
i18next.on('languageChanged', onLanguage);

/** Switches the interface language (fetching its texts first) and remembers it in this browser. */
export async function changeLanguage(lng: Language) {
  await load(lng);
  safeStorage()?.setItem(STORAGE_KEY, lng);
  await i18next.changeLanguage(lng);
}

export default i18next;
