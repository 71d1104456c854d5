import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
// The extension needs a persistent context of its own, so this journey does not use fixtures.ts's
// `page` (which would open a second, extension-less browser).
import { chromium, expect, test, type BrowserContext, type Page } from '@playwright/test';
import type { LookupResult } from '../packages/domain/src/schemas/lookup';
import { WCAG_22_AA } from './axe';
import { CHROMIUM_ARGS } from './playwright.config';
import { onboard, subscriber, usToCaInventory } from './helpers';

const ROOT = path.resolve(import.meta.dirname, '..');
const ASIN = 'B0C1XAMPLE';

/** A page shaped like an Amazon product page, on a local server the test build's content script matches. */
const PRODUCT_PAGE = `<!doctype html>
<html lang="en-US" data-marketplace="us">
  <head><title>Wooden Train Set : Toys &amp; Games</title></head>
  <body>
    <main>
      <h1>Wooden Train Set</h1>
      <form id="addToCart"><input type="hidden" id="ASIN" name="ASIN" value="${ASIN}" /></form>
      <div id="rightCol"><div id="desktop_buybox"><p>$19.99</p><button type="button">Add to Cart</button></div></div>
    </main>
  </body>
</html>`;

let shop: http.Server;
let shopUrl: string;
let extensionDir: string;
let context: BrowserContext;

test.beforeAll(async () => {
  const base = process.env.E2E_BASE_URL!;
  shop = http.createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html' }).end(PRODUCT_PAGE),
  );
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
  shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;

  // The test build: the program's address as the server, and a content script that also matches 127.0.0.1.
  extensionDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crossmarket-extension-'));
  const built = spawnSync(process.execPath, [path.join(ROOT, 'apps/extension/build.mjs')], {
    cwd: ROOT,
    encoding: 'utf8',
    env: {
      ...process.env,
      CROSSMARKET_URL: base,
      EXTENSION_EXTRA_MATCHES: 'http://127.0.0.1/*',
      EXTENSION_OUT_DIR: extensionDir,
      EXTENSION_ZIP: '0',
    },
  });
  if (built.status !== 0) throw new Error(`extension build failed:\n${built.stdout}${built.stderr}`);

  // Debian's chromium loads unpacked extensions in its (new) headless mode: no display needed.
  context = await chromium.launchPersistentContext(
    fs.mkdtempSync(path.join(os.tmpdir(), 'crossmarket-profile-')),
    {
      headless: true,
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        ...CHROMIUM_ARGS,
        `--disable-extensions-except=${extensionDir}`,
        `--load-extension=${extensionDir}`,
      ],
      baseURL: base,
      locale: 'en-US',
      colorScheme: 'light',
      reducedMotion: 'reduce',
    },
  );
});

test.afterAll(async () => {
  await context?.close();
  await new Promise((resolve) => shop?.close(resolve));
  fs.rmSync(extensionDir, { recursive: true, force: true });
});

/** axe over one part of the page in both colour schemes (the panel and options follow the system theme). */
async function expectAccessibleIn(page: Page, what: string, include: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const { violations } = await new AxeBuilder({ page }).withTags(WCAG_22_AA).include(include).analyze();
    const serious = violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
    expect(serious, `${what} in ${colorScheme}`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('the extension signs in with a token and checks a product page against the API', async () => {
  test.setTimeout(600_000);
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const extensionId = new URL(worker.url()).host;

  const app = await context.newPage();
  const email = await subscriber(app, 'L');
  await onboard(email);
  const inventoryId = await usToCaInventory(app.request, 'Extension picks');

  // The token, made where the user menu's extension link leads.
  await app.goto('/settings/extension');
  await app.getByRole('button', { name: 'Create a token for the extension' }).click();
  const dialog = app.getByRole('dialog');
  await expect(dialog.getByLabel('Name')).toHaveValue('Browser extension');
  await dialog.getByRole('button', { name: 'Create' }).click();
  const token = await app.getByTestId('new-api-token').inputValue();
  expect(token).toMatch(/^cm_/);

  // Signing in on the options page: the address comes filled in with the build's server.
  const options = await context.newPage();
  await options.goto(`chrome-extension://${extensionId}/options.html`);
  await expect(options.getByLabel('Crossmarket address')).toHaveValue(process.env.E2E_BASE_URL!);
  await expectAccessibleIn(options, 'the options page', 'main');
  await options.getByLabel('Personal API token').fill(token);
  await options.getByRole('button', { name: 'Save and check' }).click();
  await expect(options.getByTestId('options-result')).toHaveText(/^Signed in\./);

  // The product page: the panel beside the buy box, its quick check for 1 credit.
  const product = await context.newPage();
  await product.goto(`${shopUrl}/dp/${ASIN}`);
  const panel = product.locator('#desktop_buybox #crossmarket-panel');
  await expect(panel.getByText('This product is in none of your reports yet.')).toBeVisible();
  await expect(panel.getByText(/spends 1 credit of your daily quota/)).toBeVisible();
  await expect(panel.getByLabel('Sell to')).toHaveValue('ca');
  // The product's price history here (issue 49): never looked up, so the sandbox's past alone.
  await expect(panel.getByTestId('cm-history-caption')).toContainText('generated by the sandbox');
  await panel.getByText('As a table').click();
  await expect(panel.getByTestId('cm-history').getByRole('table')).toBeVisible();
  // A watch set from the panel (issue 49): listed at once, and part of the axe sweeps from here on.
  const watch = panel.getByTestId('cm-watch');
  await expect(watch.getByText('You do not watch this product on this marketplace yet.')).toBeVisible();
  await watch.getByLabel('Tell me when').selectOption('back_in_stock');
  await watch.getByRole('button', { name: 'Watch', exact: true }).click();
  await expect(watch.getByTestId('cm-watch-item')).toHaveCount(1);
  await product.mouse.move(0, 0);
  await expectAccessibleIn(product, 'the panel', '#crossmarket-panel');
  await panel.getByRole('button', { name: 'Check now' }).click();
  const figures = panel.getByTestId('cm-check');
  await expect(figures).toBeVisible();

  // The same check through the API (the sandbox answers a product the same way every time).
  const answer = await app.request.post('/v1/lookup', {
    headers: { authorization: `Bearer ${token}` },
    data: { product_id: ASIN, from_country: 'us', to_country: 'ca' },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  const { row } = (await answer.json()) as LookupResult;
  const shown = async (field: string) =>
    figures.locator(`[data-field="${field}"]`).getAttribute('data-value');
  expect(await shown('buyPrice')).toBe(String(row.fbm.buy_price ?? ''));
  // The report's figures (issue 46): at the selling side's buy box; our price is the second line.
  expect(await shown('sellPrice')).toBe(String(row.fbm.sell_price.buybox ?? ''));
  expect(await shown('profit')).toBe(String(row.fbm.profit_amount.buybox ?? ''));
  expect(await shown('ppr')).toBe(String(row.fbm.profit_percent.buybox ?? ''));
  expect(await shown('ourPrice')).toBe(String(row.fbm.std_price ?? ''));
  expect(await shown('sellers')).toBe(String(row.row_to.total_prices_count ?? ''));
  await expectAccessibleIn(product, 'the panel with a check', '#crossmarket-panel');

  // Add to inventory, then see it there.
  await expect(panel.getByLabel('Inventory', { exact: true })).toHaveValue(inventoryId);
  await panel.getByRole('button', { name: 'Add to inventory' }).click();
  await expect(panel.getByText('Added to the inventory.')).toBeVisible();
  await app.goto(`/inventories/${inventoryId}`);
  await expect(app.getByText(ASIN).first()).toBeVisible();
});
