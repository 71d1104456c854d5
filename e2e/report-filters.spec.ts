// The report page for a seller who uses it all day: finding a filter, the panel that remembers its state,
// the applied filters above the table, a table that fits, and the page swept by axe at desk and phone
// widths.
import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { filtersPanel, finishedReport, openFilters, subscriber } from './helpers';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `B0RF${String(i).padStart(6, '0')}`);
const card = (page: Page, id: string) => page.getByTestId(`filter-${id}`);
const heading = (page: Page) => page.getByTestId('results-heading');
const panelHeader = filtersPanel;
const summary = (page: Page) => page.getByTestId('active-filters-summary');
const visibleCards = (page: Page) => page.locator('[data-testid^="filter-column-"] [data-testid^="filter-"]');

async function overflow(page: Page, selector: string) {
  return page
    .locator(selector)
    .first()
    .evaluate((el) => el.scrollWidth - el.clientWidth);
}

test('a seller finds a filter by word, in English and Turkish, and the panel remembers its state', async ({
  page,
}) => {
  test.setTimeout(360_000);
  await subscriber(page, 'L');
  const reportId = await finishedReport(page, ids(20), 'Search me');
  await page.goto(`/reports/${reportId}`);
  await expect(heading(page)).toHaveText('20 / 20 products');
  const search = page.getByRole('searchbox', { name: 'Search filters by title or hint' });

  // The results come first: the panel is closed, its bar holds the search (announced with its shortcut).
  await expect(panelHeader(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(search).toHaveAttribute('aria-keyshortcuts', '/');
  // Typing there opens the cards with those words, and the typing goes on in the panel's own field.
  await search.click();
  await page.keyboard.type('sellers');
  await expect(panelHeader(page)).toHaveAttribute('aria-expanded', 'true');
  await expect(search).toBeFocused();
  await page.keyboard.type(' count');
  await expect(search).toHaveValue('sellers count');
  await expect(page.getByText('Press / to search filters')).toBeVisible();
  await expect(card(page, 'cross_sellers_count')).toBeVisible();
  await expect(card(page, 'to_brand')).toBeHidden();
  await search.fill('');

  // The shortcut focuses the field from anywhere on the page.
  await heading(page).click();
  await page.keyboard.press('/');
  await expect(search).toBeFocused();
  await page.keyboard.type('sellers count');
  await expect(card(page, 'cross_sellers_count')).toBeVisible();
  await expect(card(page, 'to_sellers_count')).toBeVisible();
  await expect(card(page, 'to_brand')).toBeHidden();
  await expect(card(page, 'cross_buy_price')).toBeHidden();

  // Show active only: the switched-on cards alone; the badge still counts the applied filters.
  await search.fill('');
  await card(page, 'to_sellers_count').getByRole('switch').click();
  await page.getByRole('switch', { name: 'Show active only' }).click();
  await expect(visibleCards(page)).toHaveCount(1);
  await expect(card(page, 'to_sellers_count')).toBeVisible();
  await expect(page.getByTestId('active-filters-badge')).toHaveText('0');
  await page.getByRole('switch', { name: 'Show active only' }).click();
  await expect(card(page, 'cross_buy_price')).toBeVisible();

  // Closed by the seller, the panel stays closed after a reload (and open once opened again).
  await panelHeader(page).click();
  await expect(panelHeader(page)).toHaveAttribute('aria-expanded', 'false');
  await page.reload();
  await expect(heading(page)).toHaveText('20 / 20 products');
  await expect(panelHeader(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByText('Press / to search filters')).toBeHidden();
  // The shortcut opens the panel too.
  await page.keyboard.press('/');
  await expect(search).toBeFocused();
  await expect(panelHeader(page)).toHaveAttribute('aria-expanded', 'true');
  await page.reload();
  await expect(panelHeader(page)).toHaveAttribute('aria-expanded', 'true');

  // In Turkish: capitals lower-cased the Turkish way ("I" is "ı"), the hint searched too.
  await page.evaluate(() => window.localStorage.setItem('crossmarket.language', 'tr'));
  await page.reload();
  await expect(heading(page)).toHaveText('20 / 20 ürün');
  const arama = page.getByRole('searchbox', { name: 'Filtreleri başlığa veya açıklamaya göre ara' });
  await arama.fill('SIRALAMASI');
  await expect(card(page, 'cross_sales_rank_main')).toBeVisible();
  await expect(card(page, 'to_sales_rank_main')).toBeVisible();
  await expect(card(page, 'to_brand')).toBeHidden();
  await arama.fill('kimlikleri');
  await expect(card(page, 'cross_product_ids')).toBeVisible();
  await expect(card(page, 'cross_sales_rank_main')).toBeHidden();
  await arama.fill('yokbövlebirfiltre');
  await expect(page.getByText('Burada aramanızla eşleşen filtre yok.')).toHaveCount(2);
});

test('a shared link opens on the results with a summary; removing a filter fetches the table again', async ({
  page,
}) => {
  test.setTimeout(480_000);
  await subscriber(page, 'L');
  const reportId = await finishedReport(page, ids(40), 'Shared view');
  await page.goto(`/reports/${reportId}`);
  await expect(heading(page)).toHaveText('40 / 40 products');
  await openFilters(page);
  for (const id of ['cross_sellers_count', 'to_sellers_count']) {
    await card(page, id).getByRole('switch').click();
    await card(page, id).getByLabel(/Min$/).fill('1');
  }
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(page).toHaveURL(/[?&]f=/);
  await expect(page.getByTestId('active-filters-badge')).toHaveText('2');
  // Apply shows the table: its heading is scrolled into view.
  await expect(heading(page)).toBeInViewport();
  const shared = page.url();

  // The link opened afresh (the panel was left open): results first, the filters in one line.
  const other = await page.context().newPage();
  await other.goto(shared);
  await expect(panelHeader(other)).toHaveAttribute('aria-expanded', 'false');
  const items = summary(other).getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(summary(other)).toContainText('Sellers Count (US)');
  await expect(summary(other)).toContainText('Sellers Count (CA)');

  // Desk and phone widths, both themes, with the summary on the page.
  await other.setViewportSize({ width: 1440, height: 900 });
  await expectAccessible(other, 'report with applied filters at 1440 px');
  await other.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => overflow(other, 'html')).toBeLessThanOrEqual(0);
  await expectAccessible(other, 'report with applied filters at 390 px');

  // At 1280 px every column shows: the table does not scroll sideways.
  await other.setViewportSize({ width: 1280, height: 800 });
  await expect(other.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
  await expect.poll(() => overflow(other, '.ant-table-body, .ant-table-content')).toBeLessThanOrEqual(0);

  // Taking one filter off asks the server again and leaves the other applied.
  const before = new URL(shared).searchParams.get('f')!;
  const refetch = other.waitForRequest(
    (r) => r.url().endsWith('/v1/filters') && !!r.postData() && !r.postData()!.includes(before),
  );
  await items.filter({ hasText: 'Sellers Count (CA)' }).getByRole('button').click();
  await refetch;
  await expect(items).toHaveCount(1);
  await expect(other.getByTestId('active-filters-badge')).toHaveText('1');
  await expect(other).not.toHaveURL(shared);
  await items.getByRole('button', { name: 'Sellers Count (US): remove filter' }).click();
  await expect(summary(other)).toBeHidden();
  await expect(heading(other)).toHaveText('40 / 40 products');
  await other.close();
});
