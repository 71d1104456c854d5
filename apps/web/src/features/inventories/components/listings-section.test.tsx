import type { ListingsView } from '@crossmarket/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { changeLanguage } from '../../../i18n';
import { fakeApi } from '../../../test/fake-api';
import { INVENTORY_ID, inventoryFixture } from '../test/fixtures';
import { ListingsSection } from './listings-section';

const URL = `/api/inventories/${INVENTORY_ID}/listings`;

const view = (overrides: Partial<ListingsView> = {}): ListingsView => ({
  sync: { enabled: false, paused: false, account_paused: false, hold: null },
  listings: [
    {
      product_id: 'B000000001',
      sku: 'SS-0000000000000001',
      marketplace_id: 'A2EUQ1WTGCTBG2',
      state: 'live',
      price: 39.99,
      min_price: 30,
      max_price: 60,
      quantity: 5,
      pushed_at: '2026-11-20T10:00:00.000Z',
      issues: [],
      drift: null,
      kept_from_amazon: [],
    },
  ],
  last_run: {
    id: '6f1c1a56-5b7e-4d8a-9f55-0a8d4b2c9e11',
    mode: 'preview',
    status: 'done',
    created_at: '2026-11-20T09:00:00.000Z',
    finished_at: '2026-11-20T09:01:00.000Z',
    total: 2,
    results: [
      { product_id: 'B000000001', sku: 'SS-1', outcome: 'valid', left_out: null, issues: [] },
      {
        product_id: 'BGATED0001',
        sku: 'SS-2',
        outcome: 'invalid',
        left_out: null,
        issues: [
          {
            code: '5665',
            message: 'You need approval to list in this brand.',
            severity: 'ERROR',
            attribute_names: [],
          },
        ],
      },
    ],
  },
  ...overrides,
});

function renderSection(dryRun?: string[]) {
  const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  render(
    <AppProviders>
      <AntApp>
        <ListingsSection inventory={inventoryFixture()} dryRun={dryRun} />
      </AntApp>
    </AppProviders>,
  );
  return user;
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

describe('the listings section', () => {
  it("shows a dry run's refusals with Amazon's words, and the listings", async () => {
    fakeApi((url) => (url === URL ? { body: view() } : undefined));
    renderSection();
    const results = await screen.findByTestId('run-results');
    expect(within(results).getByText('Dry run: Amazon would accept 1 of 2.')).toBeInTheDocument();
    expect(within(results).getByText('You need approval to list in this brand. (5665)')).toBeInTheDocument();
    expect(within(results).queryByText('B000000001')).toBeNull();
    expect(screen.getByText('SS-0000000000000001')).toBeInTheDocument();
    expect(screen.getByText('Live')).toBeInTheDocument();
  });

  it('says why a product was left out or held, naming the other inventory and the figures (issue 56)', async () => {
    const base = view();
    const leftOut = (product_id: string, left_out: string, code: string, message: string) => ({
      product_id,
      sku: `SS-${product_id}`,
      outcome: 'left_out' as const,
      left_out: left_out as 'price_held',
      issues: [{ code, message, severity: 'ERROR' as const, attribute_names: [] }],
    });
    fakeApi((url) =>
      url === URL
        ? {
            body: view({
              last_run: {
                ...base.last_run!,
                results: [
                  leftOut('B000000011', 'listed_elsewhere', 'LISTED_BY_OTHER_INVENTORY', 'First shop'),
                  leftOut('B000000012', 'price_held', 'PRICE_ABOVE_BUYBOX_CEILING', '45.00 > 3 × 10.00'),
                  leftOut('B000000013', 'stale_source', 'STALE_SOURCE', '720'),
                ],
              },
            }),
          }
        : undefined,
    );
    renderSection();
    const results = await screen.findByTestId('run-results');
    expect(within(results).getByText('Left out: listed by another inventory')).toBeInTheDocument();
    expect(
      within(results).getByText(/your inventory “First shop” already lists this product/),
    ).toBeInTheDocument();
    expect(within(results).getByText('Held: price above the sane ceiling')).toBeInTheDocument();
    expect(
      within(results).getByText(/allowed multiple of the buy box \(45\.00 > 3 × 10\.00\)/),
    ).toBeInTheDocument();
    expect(within(results).getByText(/last looked up 720 hours ago/)).toBeInTheDocument();
  });

  it("shows Amazon's issues in the seller's language where the code is known, and retries a listing", async () => {
    const flagged = view();
    flagged.listings[0]!.state = 'needs_attention';
    flagged.listings[0]!.issues = [
      {
        code: '18155',
        message: 'The minimum price is above the price.',
        severity: 'ERROR',
        attribute_names: [],
      },
      { code: '77777', message: 'Something Amazon says.', severity: 'WARNING', attribute_names: [] },
    ];
    const api = fakeApi((url, init) => {
      if (url === URL && (init?.method ?? 'GET') === 'GET') return { body: flagged };
      if (url === `${URL}/B000000001/retry` && init?.method === 'POST')
        return { status: 202, body: { product_id: 'B000000001', action: 'push', run_id: null } };
      return undefined;
    });
    const user = renderSection();
    expect(
      await screen.findByText(
        'The minimum price is above the selling price, so Amazon hid the listing. (18155)',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Something Amazon says. (77777)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry B000000001' }));
    expect(await screen.findByText('B000000001: sending the price and quantity again.')).toBeInTheDocument();
    expect(
      api.mock.calls.filter(([u, init]) => u === `${URL}/B000000001/retry` && init?.method === 'POST'),
    ).toHaveLength(1);

    await changeLanguage('tr');
    expect(
      await screen.findByText(
        'En düşük fiyat satış fiyatının üzerinde olduğu için Amazon ilanı gizledi. (18155)',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Something Amazon says. (77777)')).toBeInTheDocument();
  });

  it('dry-runs the products a report sent, once, as soon as it opens', async () => {
    const api = fakeApi((url, init) => {
      if (url === URL && (init?.method ?? 'GET') === 'GET') return { body: view() };
      if (url === URL && init?.method === 'POST')
        return { status: 202, body: { ...view().last_run!, status: 'queued', results: [] } };
      return undefined;
    });
    renderSection(['B000000001', 'B000000002']);
    expect(await screen.findByText('Dry run started: nothing is listed.')).toBeInTheDocument();
    const posts = api.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts.map(([, init]) => JSON.parse(String(init!.body)))).toEqual([
      { mode: 'preview', product_ids: ['B000000001', 'B000000002'] },
    ]);
  });

  it("publishes only after the seller confirms Amazon's drop-shipping policy", async () => {
    const api = fakeApi((url, init) => {
      if (url === URL && (init?.method ?? 'GET') === 'GET') return { body: view() };
      if (url === URL && init?.method === 'POST')
        return { status: 202, body: { ...view().last_run!, mode: 'publish', status: 'queued', results: [] } };
      return undefined;
    });
    const user = renderSection();
    await user.click(await screen.findByRole('button', { name: /Publish/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/seller of record on every order/)).toBeInTheDocument();
    expect(api.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'I understand, publish' }));
    await waitFor(() => {
      const post = api.mock.calls.find(([, init]) => init?.method === 'POST');
      expect(JSON.parse(String(post![1]!.body))).toEqual({ mode: 'publish' });
    });
  });

  it('says a dry run must come first when the server refuses a publish for it, in Turkish too', async () => {
    await changeLanguage('tr');
    fakeApi((url, init) => {
      if (url === URL && (init?.method ?? 'GET') === 'GET') return { body: view({ last_run: null }) };
      if (url === URL && init?.method === 'POST')
        return {
          status: 409,
          body: {
            error: {
              code: 'listings_dry_run_required',
              message: 'Run a dry run first.',
              key: 'apiErrors.listingsDryRunRequired',
              params: { count: 28, hours: 24 },
            },
          },
        };
      return undefined;
    });
    const user = renderSection();
    await user.click(await screen.findByRole('button', { name: /Yayınla/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /yayınla/i }));
    expect(
      await screen.findByText(
        'Önce bir deneme çalıştırması yapın: Amazon bu ürünlerden 28 tanesini son 24 saatte kontrol etmedi. Hiçbir şey yayınlanmadı.',
      ),
    ).toBeInTheDocument();
  });

  it('says how far a long dry run is, and which published products wait on Amazon processing a feed', async () => {
    const running = view({
      last_run: { ...view().last_run!, status: 'running', finished_at: null, total: 5000 },
    });
    running.last_run!.results = Array.from({ length: 1250 }, (_, i) => ({
      product_id: `B${String(i).padStart(9, '0')}`,
      sku: `SS-${i}`,
      outcome: 'valid' as const,
      left_out: null,
      issues: [],
    }));
    let answer = running;
    fakeApi((url) => (url === URL ? { body: answer } : undefined));
    const { unmount } = render(
      <AppProviders>
        <AntApp>
          <ListingsSection inventory={inventoryFixture()} />
        </AntApp>
      </AppProviders>,
    );
    const progress = await screen.findByTestId('listings-progress');
    expect(within(progress).getByText('Dry run: 1,250 of 5,000 products checked…')).toBeInTheDocument();
    expect(within(progress).getByRole('progressbar', { name: /1,250 of 5,000/ })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
    unmount();

    const feed = { id: '50001', status: 'IN_PROGRESS' };
    answer = view({
      last_run: {
        ...view().last_run!,
        mode: 'publish',
        total: 2,
        results: view().last_run!.results.map((r) => ({
          ...r,
          outcome: 'accepted' as const,
          issues: [],
          feed,
        })),
        via: 'feed',
        feeds: [{ ...feed, products: 2, waiting: true }],
      },
    });
    renderSection();
    expect(
      await screen.findByText(
        'Amazon is still processing 2 products sent in one file (a feed). Their listings stay pending until Amazon finishes; this can take hours.',
      ),
    ).toBeInTheDocument();
  });

  it('turns sync on, and releases a hold', async () => {
    const held = view({
      sync: {
        enabled: true,
        paused: false,
        account_paused: false,
        hold: { at: '2026-11-20T10:00:00.000Z', changed: 9, total: 10 },
      },
    });
    const api = fakeApi((url, init) => {
      if (url === URL) return { body: held };
      if (url === `${URL}/sync` && init?.method === 'PUT')
        return { body: { ...held, sync: { ...held.sync, hold: null } } };
      return undefined;
    });
    const user = renderSection();
    expect(
      await screen.findByText('Held: 9 of 10 listings would change price by more than 25 %.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send these prices' }));
    await waitFor(() => {
      const put = api.mock.calls.find(([, init]) => init?.method === 'PUT');
      expect(JSON.parse(String(put![1]!.body))).toEqual({ enabled: true, release_hold: true });
    });
    await waitFor(() => expect(screen.queryByText(/^Held:/)).toBeNull());
    expect(screen.getByRole('switch', { name: 'Keep price and stock in step' })).toBeChecked();
  });

  it('re-publishes one listed product: its dry run first, then, after the verdict, the publish', async () => {
    const runId = '7a2d2b67-6c8f-4e9b-8a66-1b9e5c3dae22';
    let current = view();
    const posted: unknown[] = [];
    fakeApi((url, init) => {
      if (url === URL && (init?.method ?? 'GET') === 'GET') return { body: current };
      if (url === URL && init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { mode: 'preview' | 'publish' };
        posted.push(body);
        const run = {
          ...view().last_run!,
          id: runId,
          mode: body.mode,
          status: 'done' as const,
          total: 1,
          // As the view answers by default: refusals only, so a valid verdict shows in the counts alone.
          results: [],
          counts: { checked: 1, valid: 1, invalid: 0, accepted: 0, left_out: 0, failed: 0 },
        };
        current = view({ last_run: run });
        return { status: 202, body: { ...run, status: 'queued', results: [] } };
      }
      return undefined;
    });
    const user = renderSection();
    await user.click(await screen.findByRole('button', { name: 'Re-publish B000000001' }));
    await user.click(await screen.findByRole('button', { name: 'Publish B000000001 again' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Put B000000001 on Amazon again?')[0]).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'I understand, publish' }));
    await waitFor(() =>
      expect(posted).toEqual([
        { mode: 'preview', product_ids: ['B000000001'], republish: true },
        { mode: 'publish', product_ids: ['B000000001'], republish: true },
      ]),
    );
  });

  it('counts the products a publish left out as already on Amazon, without listing them as refusals', async () => {
    const run = view().last_run!;
    const published = view({
      last_run: {
        ...run,
        mode: 'publish',
        total: 3,
        results: [
          { product_id: 'B000000001', sku: 'SS-1', outcome: 'left_out', left_out: 'listed', issues: [] },
          { product_id: 'B000000002', sku: 'SS-2', outcome: 'left_out', left_out: 'listed', issues: [] },
          { product_id: 'B000000003', sku: 'SS-3', outcome: 'accepted', left_out: null, issues: [] },
        ],
      },
    });
    fakeApi((url) => (url === URL ? { body: published } : undefined));
    renderSection();
    const results = await screen.findByTestId('run-results');
    expect(within(results).getByText('Publish: Amazon accepted 1 of 1.')).toBeInTheDocument();
    expect(within(results).getByText('Nothing refused.')).toBeInTheDocument();
    expect(
      screen.getByText(
        '2 products are already on Amazon and were not put again (re-publish one from its row).',
      ),
    ).toBeInTheDocument();
  });

  it('shows a hold of quantities with its counts, in Turkish too', async () => {
    const held = view({
      sync: {
        enabled: true,
        paused: false,
        account_paused: false,
        hold: { at: '2026-11-20T10:00:00.000Z', changed: 0, total: 10, zeroed: 6, restocked: 0 },
      },
    });
    fakeApi((url) => (url === URL ? { body: held } : undefined));
    renderSection();
    expect(
      await screen.findByText('6 listings would go to quantity 0 and 0 would come back from 0 at once.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send these changes' })).toBeInTheDocument();
    await changeLanguage('tr');
    expect(
      await screen.findByText("6 listenin adedi birden 0'a inecek, 0 tanesi 0'dan geri gelecekti."),
    ).toBeInTheDocument();
  });

  it("says a held run's prices move with a jump of the Auto parity, and on which rates", async () => {
    const held = view({
      sync: {
        enabled: true,
        paused: false,
        account_paused: false,
        hold: {
          at: '2026-11-29T10:00:00.000Z',
          changed: 1,
          total: 8,
          parity: { from: 1.12, to: 17.39, source: 'ecb-shipped', as_of: '2026-04-13' },
        },
      },
    });
    fakeApi((url) => (url === URL ? { body: held } : undefined));
    renderSection();
    expect(await screen.findByTestId('hold-parity')).toHaveTextContent(
      'Your Auto parity moved from 1.12 to 17.39 with the exchange rates (Rates of 13 April 2026, ECB (the table shipped with the app: the ECB could not be reached)), and the prices with it.',
    );
    await changeLanguage('tr');
    expect(await screen.findByTestId('hold-parity')).toHaveTextContent(
      'Otomatik paritiniz döviz kurlarıyla (13 Nisan 2026 tarihli kurlar',
    );
  });

  it('pauses every write to Amazon for the account, and says so', async () => {
    let paused = false;
    const api = fakeApi((url, init) => {
      if (url === URL) return { body: view({ sync: { ...view().sync, account_paused: paused } }) };
      if (url === '/api/listings/pause' && init?.method === 'PUT') {
        paused = (JSON.parse(String(init.body)) as { paused: boolean }).paused;
        return { body: { paused } };
      }
      return undefined;
    });
    const user = renderSection();
    const toggle = await screen.findByRole('switch', {
      name: 'Pause every write to Amazon (all inventories)',
    });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(
      await screen.findByText('Pushes to Amazon are paused for your whole account.'),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('switch', { name: 'Pause every write to Amazon (all inventories)' }),
    ).toBeChecked();
    const put = api.mock.calls.find(([u]) => u === '/api/listings/pause');
    expect(JSON.parse(String(put![1]!.body))).toEqual({ paused: true });
  });

  it('shows a listing changed in Seller Central and sends ours when the seller chooses', async () => {
    const base = view();
    const drifted = view({
      listings: [
        {
          ...base.listings[0]!,
          drift: {
            at: '2026-11-21T10:00:00.000Z',
            amazon: { price: 44.5, quantity: 5 },
            ours: { price: 39.99, quantity: 5 },
            fields: ['price'],
          },
        },
      ],
    });
    let answer = drifted;
    const api = fakeApi((url, init) => {
      if (url === URL) return { body: answer };
      if (url === `${URL}/B000000001/drift` && init?.method === 'POST') {
        answer = base;
        return { body: base };
      }
      return undefined;
    });
    const user = renderSection();
    expect(await screen.findByText('Changed in Seller Central')).toBeInTheDocument();
    expect(screen.getByText('Price on Amazon CA$44.50, ours CA$39.99')).toBeInTheDocument();
    expect(screen.getByText('Sync leaves this listing alone until you choose.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send ours for B000000001' }));
    await waitFor(() => expect(screen.queryByText('Changed in Seller Central')).toBeNull());
    const post = api.mock.calls.find(([u]) => u === `${URL}/B000000001/drift`);
    expect(JSON.parse(String(post![1]!.body))).toEqual({ choice: 'overwrite' });
  });

  it("chooses the shipping template the offers carry from the seller's own", async () => {
    let selected: string | null = null;
    const templates = () => ({
      templates: [
        { id: 'legacy-template-id', name: 'Migrated Template' },
        { id: 'express', name: 'Express' },
      ],
      selected,
    });
    const api = fakeApi((url, init) => {
      if (url === URL) return { body: view() };
      if (url === `${URL}/shipping-templates`) return { body: templates() };
      if (url === `${URL}/shipping-template` && init?.method === 'PUT') {
        selected = (JSON.parse(String(init.body)) as { template_id: string | null }).template_id;
        return { body: templates() };
      }
      return undefined;
    });
    const user = renderSection();
    const select = await screen.findByRole('combobox', { name: 'Shipping template' });
    await waitFor(() => expect(screen.getByTitle("Amazon's default")).toBeInTheDocument());
    await user.click(select);
    await user.click((await screen.findAllByTitle('Express')).at(-1)!);
    await waitFor(() => expect(selected).toBe('express'));
    const put = api.mock.calls.find(([u]) => u === `${URL}/shipping-template`);
    expect(JSON.parse(String(put![1]!.body))).toEqual({ template_id: 'express' });
  });
  it('pages and filters the listings through the server', async () => {
    const counts = { all: 3, pending: 0, live: 3, needs_attention: 0, removed: 0, attention: 1, held: 0 };
    const pageOf = (code: string, page: number, total = 3) =>
      view({
        listings: [{ ...view().listings[0]!, product_id: code }],
        page: { page, page_size: 1, total },
        counts,
      });
    const api = fakeApi((url) => {
      if (url === URL) return { body: pageOf('B000000001', 1) };
      if (url === `${URL}?page=2`) return { body: pageOf('B000000002', 2) };
      if (url === `${URL}?attention=true`) return { body: pageOf('B000000009', 1, 1) };
      return undefined;
    });
    const user = renderSection();
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('B000000001')).toBeInTheDocument();
    await user.click(screen.getByTitle('2'));
    expect(await within(table).findByText('B000000002')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Needs your attention (1)' }));
    expect(await within(table).findByText('B000000009')).toBeInTheDocument();
    expect(screen.queryByTitle('2')).toBeNull();
    expect(api.mock.calls.map(([u]) => u).filter((u) => String(u).startsWith(URL))).toEqual(
      expect.arrayContaining([URL, `${URL}?page=2`, `${URL}?attention=true`]),
    );
  });
});
