// A report as a seller first sees it: the results above the fold, pages that start at the top, and one
// message at a time.
import { expect, test } from './fixtures';
import { filtersPanel, finishedReport, openFilters, subscriber } from './helpers';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `B0FV${String(i).padStart(6, '0')}`);

test('a finished report opens on its rows; a new page starts at the table; one message at a time', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await subscriber(page, 'L');
  const reportId = await finishedReport(page, ids(45), 'First view');
  await page.goto(`/reports/${reportId}`);
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();

  // The first row is above the fold: the filter cards wait behind the panel's bar.
  await expect(filtersPanel(page)).toHaveAttribute('aria-expanded', 'false');
  const box = (await rows.first().boundingBox())!;
  expect(box.y + 40).toBeLessThan(900);
  await page.screenshot({ path: 'test-results/first-view/report-first-view.png' });

  // The pager sits under the last row; the next page starts at the table's top, not at its bottom.
  const pager = page.getByRole('listitem', { name: '2', exact: true });
  await pager.scrollIntoViewIfNeeded();
  const before = await rows.first().getAttribute('data-row-key');
  await pager.click();
  await expect(rows.first()).not.toHaveAttribute('data-row-key', before!);
  await expect(page.getByTestId('results-heading')).toBeInViewport();
  await expect(rows.first()).toBeInViewport();

  // Applying settings says "Success" alone: the re-priced rows' fetch does not stack "Completed" under it.
  // Every change of the page is watched, so a second notice is seen however briefly it stays.
  await openFilters(page);
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByLabel('Handling Time (days)').fill('3');
  await page.getByRole('button', { name: 'Recommended' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await page.evaluate(() => {
    const seen: string[][] = [];
    (window as unknown as { seenNotices: string[][] }).seenNotices = seen;
    new MutationObserver(() => {
      const notices = Array.from(document.querySelectorAll<HTMLElement>('.ant-message-notice'));
      seen.push(notices.map((n) => n.innerText.trim()));
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  await page.getByRole('button', { name: 'Apply Settings & Filters' }).click();
  await expect(page.locator('.ant-message').getByText('Success', { exact: true })).toBeVisible();
  await expect(page.locator('.ant-table-tbody').getByText('PPR:').first()).toBeVisible();
  // The rows' fetch has settled (a notice it would add comes before its rows).
  await expect(page.locator('.ant-message-notice')).toHaveCount(0, { timeout: 30_000 });
  const seen = await page.evaluate(() => (window as unknown as { seenNotices: string[][] }).seenNotices);
  expect(seen.some((texts) => texts.includes('Success'))).toBe(true);
  expect(Math.max(...seen.map((texts) => texts.length))).toBe(1);
});
