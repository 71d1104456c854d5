import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import i18next from 'i18next';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { installFastLabels } from './fast-labels';
import { installLeanStylesheets } from './lean-stylesheets';

// Lazy routes compile on first use under Vitest; give them time on a busy two-core machine.
configure({ asyncUtilTimeout: 20_000 });

type Listener = (event: MediaQueryListEvent) => void;

/** jsdom has no matchMedia; this one lets a test flip the OS colour scheme. */
class FakeMediaQueryList {
  listeners = new Set<Listener>();
  constructor(
    public media: string,
    public matches: boolean,
  ) {}
  addEventListener(_: string, l: Listener) {
    this.listeners.add(l);
  }
  removeEventListener(_: string, l: Listener) {
    this.listeners.delete(l);
  }
  addListener(l: Listener) {
    this.listeners.add(l);
  }
  removeListener(l: Listener) {
    this.listeners.delete(l);
  }
  dispatchEvent() {
    return true;
  }
  onchange = null;
}

const queries: FakeMediaQueryList[] = [];
let prefersDark = false;

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn((media: string) => {
    const q = new FakeMediaQueryList(media, media.includes('dark') ? prefersDark : false);
    queries.push(q);
    return q;
  }),
});

/** Simulates the OS switching between light and dark. */
export function setSystemDark(dark: boolean) {
  prefersDark = dark;
  for (const q of queries) {
    if (!q.media.includes('prefers-color-scheme: dark')) continue;
    q.matches = dark;
    q.listeners.forEach((l) => l({ matches: dark, media: q.media } as MediaQueryListEvent));
  }
}

// jsdom implements getComputedStyle without pseudo-elements and prints a "Not implemented" stack for each
// call antd makes to measure the scrollbar (`::-webkit-scrollbar`); the element's own style answers here.
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computedStyle(element);

// jsdom's `labels` walks the document twice over per control: Testing Library's label queries then cost
// seconds on a form (fast-labels.ts).
installFastLabels(window);
// jsdom matches every antd rule per element and ancestor in getComputedStyle: it sees only the rules that
// decide whether something is shown or clickable (lean-stylesheets.ts).
installLeanStylesheets();

class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= NoopResizeObserver as unknown as typeof ResizeObserver;

// A test file that sets up the app's i18n gets all texts of both languages before its tests (the app
// fetches all but the public pages' English as it needs them).
beforeAll(async () => {
  if (!i18next.isInitialized) return;
  const { LANGUAGES, textsReady } = await import('../i18n');
  await Promise.all(LANGUAGES.map((lng) => textsReady(lng)));
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  prefersDark = false;
});

// The web project shares one module graph per worker (vitest.config.ts): a file that switched the
// language leaves the next one in English, as a fresh graph would.
afterAll(async () => {
  if (i18next.isInitialized && i18next.language !== 'en') await i18next.changeLanguage('en');
});
