import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/**
 * WCAG 2.5.3 Label in Name: axe tags this rule `experimental`, which a run by tags leaves out, so it is
 * switched on by name (a rule's own `enabled` wins over the tag selection).
 */
const EXPERIMENTAL_RULES = { 'label-content-name-mismatch': { enabled: true } };

/**
 * axe-core over what the page shows now (or one part of it), in both themes: no serious or critical
 * violation of WCAG 2.2 AA, Label in Name included. The theme follows the OS setting (the default "System" preference); pages
 * that are always light (sign-in, sign-up, the welcome wizard) pass `['light']`.
 */
export async function expectAccessible(
  page: Page,
  what: string,
  include?: string,
  schemes: readonly ('light' | 'dark')[] = ['light', 'dark'],
) {
  for (const colorScheme of schemes) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
    // Colours fade between themes: measure once every transition has ended.
    // (A spinner's endless rotation never ends and changes no colour.)
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    );
    // One axe.run in the page (legacy mode) and only violations' nodes kept: the same rules over the same
    // nodes, without the partial runs' result shuttling and the blank page finishRun opens, which cost as
    // much as the audit itself on the report page. The app has no cross-origin frame for the partial
    // mode to reach.
    let builder = new AxeBuilder({ page })
      .setLegacyMode(true)
      .options({ rules: EXPERIMENTAL_RULES, resultTypes: ['violations'] })
      .withTags(WCAG_22_AA);
    if (include) builder = builder.include(include);
    const { violations } = await builder.analyze();
    const serious = violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => {
        const targets = v.nodes
          .slice(0, 3)
          .map((n) => `${n.target.join(' ')} ${JSON.stringify(n.any[0]?.data ?? '')}`);
        return `${v.id} (${v.impact}, ${v.nodes.length}×): ${v.help} — ${targets.join(' | ')}`;
      });
    expect(serious, `${what} in ${colorScheme}`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}
