import { encodeFilters } from '../packages/domain/src/filters/codec';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { onboard, signedInUser } from './helpers';

/**
 * Sizes (width × height) of the first element matching `selector`, one per animation frame from the
 * moment it appears, for `frames` frames: a control that moves while its layer opens shows up as more
 * than one size.
 */
function recordSizes(page: Page, selector: string, frames = 24) {
  return page.evaluate(
    ({ selector, frames }) =>
      new Promise<string[]>((resolve) => {
        const sizes: string[] = [];
        const tick = () => {
          const el = document.querySelector(selector);
          if (el) {
            const r = el.getBoundingClientRect();
            sizes.push(`${Math.round(r.width)}×${Math.round(r.height)}`);
          }
          if (sizes.length >= frames) resolve(sizes);
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
    { selector, frames },
  );
}

async function sellerWithFilterSet(page: Page) {
  const email = await signedInUser(page, 'motion');
  await onboard(email);
  const set = await page.request.post('/api/filter-sets', {
    data: {
      name: 'Cheap toys',
      content: encodeFilters([{ id: 'cross_buy_price', value: { min: 1, max: 50 } }]),
    },
  });
  expect(set.status()).toBe(201);
  await page.goto('/filter-sets');
  await expect(page.getByRole('button', { name: 'Actions for Cheap toys' })).toBeVisible();
}

test.describe('with full motion', () => {
  test.use({ reducedMotion: 'no-preference' });

  test('menus and dialogs open in place: their controls never move under a click', async ({ page }) => {
    await sellerWithFilterSet(page);
    await expect(page.locator('html')).toHaveAttribute('data-motion', 'full');

    // The menu: every frame while it opens has the same size.
    const menuSizes = recordSizes(page, '.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu');
    await page.getByRole('button', { name: 'Actions for Cheap toys' }).click();
    const menu = await menuSizes;
    expect(new Set(menu), `menu sizes while opening: ${menu.join(', ')}`).toHaveProperty('size', 1);

    // The confirm dialog likewise, and it does fade in: motion is kept, only movement is gone.
    const dialogSizes = recordSizes(page, '.ant-modal-confirm .ant-modal-container');
    const fading = page.evaluate(
      () =>
        new Promise<string[]>((resolve) => {
          const seen = new Set<string>();
          const tick = () => {
            const el = document.querySelector('.ant-modal-confirm');
            if (el) for (const a of el.getAnimations()) seen.add((a as CSSAnimation).animationName);
            if (el && seen.size > 0) resolve([...seen]);
            else requestAnimationFrame(tick);
          };
          requestAnimationFrame(tick);
        }),
    );
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = await dialogSizes;
    expect(new Set(dialog), `dialog sizes while opening: ${dialog.join(', ')}`).toHaveProperty('size', 1);
    expect(await fading).toEqual(['cm-open-fade']);

    // Cancel and Yes both work on the first click.
    const confirm = page.getByRole('dialog').filter({ hasText: 'Are you sure to delete this filter set?' });
    await confirm.getByRole('button', { name: 'No' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('button', { name: 'Actions for Cheap toys' })).toBeVisible();
  });
});

test('with reduced motion nothing animates when a menu or dialog opens', async ({ page }) => {
  await sellerWithFilterSet(page);
  await expect(page.locator('html')).toHaveAttribute('data-motion', 'reduced');
  const running = () =>
    page.evaluate(() =>
      document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity)
        .map((a) => {
          const target = (a.effect as KeyframeEffect | null)?.target;
          const name =
            (a as CSSAnimation).animationName ?? `transition of ${(a as CSSTransition).transitionProperty}`;
          return `${name} on ${target?.tagName.toLowerCase()}.${target?.className}`;
        }),
    );
  await page.getByRole('button', { name: 'Actions for Cheap toys' }).click();
  await expect(page.getByRole('menuitem', { name: 'Delete' })).toBeVisible();
  expect(await running()).toEqual([]);
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: 'Are you sure to delete this filter set?' });
  await expect(confirm).toBeVisible();
  expect(await running()).toEqual([]);
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('button', { name: 'Actions for Cheap toys' })).toHaveCount(0);
});
