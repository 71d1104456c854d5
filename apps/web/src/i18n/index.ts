import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DOMAIN_MESSAGES } from '@crossmarket/domain';
import { applyDayjsLocale } from '../lib/dayjs';
import en from './en.json';
import tr from './tr.json';

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

// Both languages are bundled (the specification preloads them); English fills any gap.
void i18next.use(initReactI18next).init({
  resources: {
    en: { translation: merge(DOMAIN_MESSAGES.en, en) },
    tr: { translation: merge(DOMAIN_MESSAGES.tr, tr) },
  },
  lng: initialLanguage(),
  fallbackLng: 'en',
  supportedLngs: LANGUAGES,
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
});

function onLanguage(lng: string) {
  document.documentElement.lang = lng;
  applyDayjsLocale(lng);
}
onLanguage(i18next.language);
i18next.on('languageChanged', onLanguage);

/** Switches the interface language and remembers it in this browser. */
export async function changeLanguage(lng: Language) {
  safeStorage()?.setItem(STORAGE_KEY, lng);
  await i18next.changeLanguage(lng);
}

export default i18next;
