import { test as base, expect } from '@playwright/test';
import { clickProbe } from './click-probe';

/** baseURL comes from the program global-setup started, and any CSP violation fails the test. */
export const test = base.extend<{ cspViolations: string[]; clickProbe: void }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
  cspViolations: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error' && /Content Security Policy/i.test(msg.text()))
          violations.push(msg.text());
      });
      await use(violations);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
  // E2E_CLICK_PROBE=1: every press that moved under the pointer or did not become a click is printed
  // (e2e/click-probe.ts); `all` prints every press.
  clickProbe: [
    async ({ page }, use, testInfo) => {
      if (process.env.E2E_CLICK_PROBE) {
        await page.addInitScript(clickProbe);
        page.on('console', (msg) => {
          const text = msg.text();
          if (
            text.startsWith('[click-probe]') &&
            (process.env.E2E_CLICK_PROBE === 'all' || !text.startsWith('[click-probe] ok'))
          )
            console.log(`${testInfo.title}: ${text}`);
        });
      }
      await use();
    },
    { auto: true },
  ],
});

export { expect };
