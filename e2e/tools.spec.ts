// Domain modules by relative path: the package's index also brings JSON texts Playwright's loader cannot import.
import fs from 'node:fs';
import { makeAllListingsReport } from '../packages/domain/src/listings-fixture';
import { buildDuplicateRemovalFile, findDuplicateListings } from '../packages/domain/src/product-ids';
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { onboard, signedInUser } from './helpers';

test('a seller removes duplicated ASINs from an All Listings Report, by keyboard', async ({ page }) => {
  // Two accessibility sweeps, each in both themes.
  test.setTimeout(240_000);
  await onboard(await signedInUser(page, 'tools'));

  await page.goto('/');
  await page.getByRole('link', { name: 'Tools' }).click();
  await expect(page).toHaveURL(/\/tools$/);
  await expect(page).toHaveTitle('Crossmarket - Tools');
  await expect(page.getByRole('heading', { name: 'Duplicated ASIN Remover' })).toBeVisible();
  const dropzone = page.getByRole('button', { name: /Click or drag your All Listings Report/ });
  await expectAccessible(page, 'the Tools page');

  // Anything but a .txt file is refused.
  await page.locator('input[type="file"]').setInputFiles({
    name: 'listings.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('sku,asin\n'),
  });
  await expect(page.getByText('Only a .txt file can be used.', { exact: false })).toBeVisible();

  // A generated Seller Central report as a spreadsheet would save it: byte-order mark and CRLF.
  const text =
    '\uFEFF' + makeAllListingsReport({ rows: 20_000, duplicateShare: 0.1, lineEnd: '\r\n', seed: 16 });
  const expected = findDuplicateListings(text);
  expect(expected.duplicates.length).toBeGreaterThan(1000);

  // The drop area opens the file picker from the keyboard. `press` focuses and presses as one step: with
  // focus() and then the page's keyboard, a re-render after the refusal above once took the focus away
  // between the two, and Enter reached nothing.
  const chooser = page.waitForEvent('filechooser');
  await dropzone.press('Enter');
  await (
    await chooser
  ).setFiles({ name: 'All Listings Report.txt', mimeType: 'text/plain', buffer: Buffer.from(text) });

  await expect(page.getByText('Amazon Seller Central File is OK.')).toBeVisible();
  await expect(page.getByText("20,000 SKU's ready.")).toBeVisible();
  const table = page.getByRole('table');
  await expect(table.getByRole('caption')).toHaveText(
    `${expected.duplicates.length.toLocaleString('en-US')} listings repeat an ASIN of an earlier listing and will be deleted:`,
  );
  const first = expected.duplicates[0]!;
  await expect(table.getByRole('row').nth(1)).toContainText(first.sku);
  await expect(table.getByRole('row').nth(1)).toContainText(first.productId);
  await expectAccessible(page, 'the remover with its preview');

  // Start waits for the promise, ticked with the space bar.
  const start = page.getByRole('button', { name: 'Start' });
  await expect(start).toBeDisabled();
  await page
    .getByRole('checkbox', { name: "I'll check SKU's and ASIN's again, after I download the file." })
    .press('Space');
  await expect(start).toBeEnabled();
  const download = page.waitForEvent('download');
  await start.press('Enter');
  const file = await download;
  expect(file.suggestedFilename()).toBe('All Listings Report-duplicates-removed.txt');
  expect(fs.readFileSync((await file.path())!, 'utf8')).toBe(buildDuplicateRemovalFile(expected.duplicates));
  await expect(
    page.getByText('All Listings Report-duplicates-removed.txt is downloaded.', { exact: false }),
  ).toBeVisible();
});

test('a 200,000-line report is checked off the main thread, with progress', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  await onboard(await signedInUser(page, 'tools-big'));
  await page.goto('/tools');
  await expect(page.getByRole('heading', { name: 'Duplicated ASIN Remover' })).toBeVisible();

  // Too large for an in-memory upload: Playwright takes it from a file.
  const path = testInfo.outputPath('all-listings-200k.txt');
  fs.writeFileSync(path, makeAllListingsReport({ rows: 200_000, duplicateShare: 0.1, seed: 2 }));

  // Parsed off the main thread: a worker starts for the file, and the page shows its progress. (How
  // long it takes is the bench's to measure, `BENCH tools.dedupe_200k`, never a test's.)
  await page.evaluate(() => {
    const w = window as unknown as Record<string, boolean>;
    new MutationObserver(() => {
      if ((document.body.textContent ?? '').includes('Reading all-listings-200k.txt')) w.toolsProgress = true;
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  const worker = page.waitForEvent('worker');
  await page.locator('input[type="file"]').setInputFiles(path);
  expect((await worker).url()).toContain('dedupe.worker');
  await expect(page.getByText("200,000 SKU's ready.")).toBeVisible({ timeout: 120_000 });
  expect(await page.evaluate(() => (window as unknown as Record<string, boolean>).toolsProgress)).toBe(true);
});
