import { makeOffer, makeSide } from '@crossmarket/domain/testing';
import {
  effectiveSettings,
  FIXED_RATES,
  priceProduct,
  type HistoryPoint,
  type LookupResult,
  type ProductHistory,
  type RegionCode,
  type ResultRowView,
} from '@crossmarket/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Panel } from '../src/panel/panel';
import type { Answers, Outcome, Request, Send } from '../src/shared/protocol';

// The panel's states over a stand-in worker: what each answer of the worker looks like to the seller.

const settings = effectiveSettings({
  settings: null,
  from_country: 'us',
  to_country: 'ca',
  parity_rates: FIXED_RATES,
});

function rowOf(overrides: { banned?: ResultRowView['banned']; toStatus?: 'ok' | 'dog' } = {}): ResultRowView {
  const sides = {
    row_cross: makeSide({ buybox: makeOffer({ buy_price: 10 }), lowest: makeOffer({ buy_price: 10 }) }),
    row_to: makeSide({
      status: overrides.toStatus ?? 'ok',
      buybox: makeOffer({ buy_price: 40 }),
      lowest: makeOffer({ buy_price: 39 }),
      total_prices_count: 4,
    }),
  };
  const fbm = priceProduct({ ...sides, individual: null }, settings, { toRegion: 'ca' });
  return { product_id: 'B0C1XAMPLE', ...sides, fbm, banned: overrides.banned ?? null, individual: null };
}

const lookupAnswer = (row = rowOf()): LookupResult => ({
  lookup_id: '7d0e6c52-1b8a-4f3e-a1d2-5c9b8e7f6a40',
  row,
  from_country: 'us',
  to_country: 'ca',
  inventory_id: null,
  remaining: 41,
});

const point = (at: string, price: number | null, in_stock = true): HistoryPoint => ({
  at,
  source: 'observed',
  buybox_price: price,
  buybox_is_amazon: false,
  lowest_new_price: null,
  lowest_fba_price: null,
  new_offers: in_stock ? 3 : 0,
  fba_offers: 0,
  sales_rank: 1500,
  rank_category: 'Toys & Games',
  in_stock,
});

/** Two observed points and a generated one, in the page's marketplace. */
const historyAnswer = (marketplace: RegionCode): ProductHistory => ({
  marketplace,
  asin: 'B0C1XAMPLE',
  currency: 'USD',
  days: 90,
  resolution: 'hour',
  points: [
    { ...point('2026-09-01T00:00:00.000Z', 12), source: 'sandbox' },
    point('2026-11-20T09:00:00.000Z', 10),
    point('2026-11-21T09:00:00.000Z', null, false),
  ],
  signals: {
    lowest_price: { price: 10, at: '2026-11-20T09:00:00.000Z' },
    highest_price: { price: 12, at: '2026-09-01T00:00:00.000Z' },
    days_out_of_stock: 1,
    rank_improvements: 3,
    sandbox_days: 1,
  },
});

type Handlers = { [K in Request['type']]?: (r: Extract<Request, { type: K }>) => Outcome<Answers[K]> };

/** A worker answering from `handlers`; signed in with no report row and no inventory unless told. */
function worker(handlers: Handlers = {}) {
  const defaults: Handlers = {
    // As the worker answers a content script: whether signed in, never where (issue 57).
    status: () => ({ ok: true, data: { signedIn: true, server: null, prefs: {} } }),
    openReport: () => ({ ok: true, data: null }),
    latest: () => ({ ok: true, data: { latest: null } }),
    history: (r) => ({ ok: true, data: historyAnswer(r.marketplace) }),
    watches: () => ({ ok: true, data: { watches: [], used: 0, limit: 10 } }),
    inventories: () => ({ ok: true, data: [] }),
    remember: () => ({ ok: true, data: null }),
    openOptions: () => ({ ok: true, data: null }),
  };
  const all = { ...defaults, ...handlers } as Record<string, (r: Request) => unknown>;
  return vi.fn(async (request: Request) => all[request.type]!(request)) as unknown as Send &
    ReturnType<typeof vi.fn>;
}

function renderPanel(send: Send, props: Partial<Parameters<typeof Panel>[0]> = {}) {
  const remember = vi.fn();
  render(
    <Panel asin="B0C1XAMPLE" page="us" lang="en" send={send} stored={{}} remember={remember} {...props} />,
  );
  return { user: userEvent.setup(), remember };
}

describe('the panel', () => {
  it('asks to sign in, with a button to the options page', async () => {
    const send = worker({ status: () => ({ ok: true, data: { signedIn: false, server: null, prefs: {} } }) });
    const { user } = renderPanel(send);
    expect(await screen.findByText(/Sign the extension in/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open the options' }));
    expect(send).toHaveBeenCalledWith({ type: 'openOptions' });
  });

  it('says when Crossmarket cannot be reached, and tries again', async () => {
    let reachable = false;
    const send = worker({
      latest: () => (reachable ? { ok: true, data: { latest: null } } : { ok: false, reason: 'unreachable' }),
    });
    const { user } = renderPanel(send);
    expect(await screen.findByRole('alert')).toHaveTextContent('Crossmarket cannot be reached');
    reachable = true;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('This product is in none of your reports yet.')).toBeInTheDocument();
  });

  it('shows the latest report row with a link to the report filtered to the product', async () => {
    const row = rowOf();
    const send = worker({
      latest: () => ({
        ok: true,
        data: {
          latest: {
            report_id: 'r1',
            title: 'Spring restock',
            from_country: 'us',
            to_country: 'ca',
            created_at: '2026-11-20T10:00:00.000Z',
            row,
          },
        },
      }),
    });
    const { user } = renderPanel(send);
    const figures = await screen.findByTestId('cm-latest');
    expect(within(figures).getByText('$10.00')).toBeInTheDocument();
    // The report's figures (issue 46): profit and PPR at the selling side's buy box, as the report's row
    // shows them, not at our standard price (which earns the rule's rate by construction).
    const value = (field: string) =>
      figures.querySelector(`[data-field="${field}"]`)?.getAttribute('data-value');
    expect(row.fbm.profit_amount.buybox).not.toBe(row.fbm.profit_amount.custom.std);
    expect(value('sellPrice')).toBe(String(row.fbm.sell_price.buybox));
    expect(value('profit')).toBe(String(row.fbm.profit_amount.buybox));
    expect(value('ppr')).toBe(String(row.fbm.profit_percent.buybox));
    expect(value('ourPrice')).toBe(String(row.fbm.std_price));
    expect(within(figures).getByText('Profit at the buy box')).toBeInTheDocument();
    expect(figures.querySelector('[data-field="ourPrice"]')).toHaveTextContent(
      /^CA\$[\d.,]+ \(PPR [\d.,]+ %\)$/,
    );
    // The worker opens it: the panel never holds the address (issue 57).
    await user.click(screen.getByRole('button', { name: 'Open in the report' }));
    expect(send).toHaveBeenCalledWith({ type: 'openReport', reportId: 'r1', asin: 'B0C1XAMPLE' });
  });

  it('says a quick check costs a credit, then shows its figures, the banned mark and the credits left', async () => {
    const send = worker({ lookup: () => ({ ok: true, data: lookupAnswer(rowOf({ banned: 'brand' })) }) });
    const { user } = renderPanel(send, { stored: { sellTo: 'ca' } });
    expect(await screen.findByText(/spends 1 credit/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Check now' }));
    expect(await screen.findByTestId('cm-check')).toBeInTheDocument();
    expect(screen.getByTestId('cm-check-banned')).toHaveTextContent('Banned: brand');
    expect(screen.getByText('41 credits left today')).toBeInTheDocument();
    expect(send).toHaveBeenCalledWith({
      type: 'lookup',
      body: { product_id: 'B0C1XAMPLE', from_country: 'us', to_country: 'ca', inventory_id: null },
    });
  });

  it('says when the quota is used up', async () => {
    const send = worker({
      lookup: () => ({ ok: false, reason: 'refused', status: 429, code: 'quota_used_up', message: 'x' }),
    });
    const { user } = renderPanel(send);
    await user.click(await screen.findByRole('button', { name: 'Check now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("You have used up today's quota.");
  });

  it("says the server's refusal in the page's language, from its key", async () => {
    const send = worker({
      lookup: () => ({
        ok: false,
        reason: 'refused',
        status: 503,
        code: 'lookup_failed',
        message: 'Amazon did not answer this check.',
        key: 'apiErrors.lookupFailed',
      }),
    });
    const { user } = renderPanel(send, { lang: 'tr' });
    await user.click(await screen.findByRole('button', { name: 'Şimdi kontrol et' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Olmadı: Amazon bu kontrole yanıt vermedi. Hiçbir şey harcanmadı; lütfen biraz sonra yeniden deneyin.',
    );
  });

  it('says when Amazon does not know the product, instead of a row of blanks', async () => {
    const send = worker({ lookup: () => ({ ok: true, data: lookupAnswer(rowOf({ toStatus: 'dog' })) }) });
    const { user } = renderPanel(send);
    await user.click(await screen.findByRole('button', { name: 'Check now' }));
    expect(await screen.findByText('Amazon does not know this product in Canada.')).toBeInTheDocument();
    expect(screen.queryByTestId('cm-check')).not.toBeInTheDocument();
  });

  it('adds the checked product to the chosen inventory, and remembers the selling country', async () => {
    const inventory = { id: 'i1', title: 'US to UK', from_country: 'us', to_country: 'uk' };
    const send = worker({
      inventories: (r) => ({ ok: true, data: r.to === 'uk' ? [inventory] : [] }),
      lookup: () => ({ ok: true, data: { ...lookupAnswer(), to_country: 'uk' } }),
      addToInventory: () => ({ ok: true, data: { added: 1, skipped: 0, remaining: 99 } }),
    });
    const { user, remember } = renderPanel(send);
    await user.selectOptions(await screen.findByLabelText('Sell to'), 'uk');
    expect(remember).toHaveBeenCalledWith({ sellTo: 'uk' });
    await user.click(screen.getByRole('button', { name: 'Check now' }));
    await user.click(await screen.findByRole('button', { name: 'Add to inventory' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Added to the inventory.');
    expect(send).toHaveBeenCalledWith({
      type: 'addToInventory',
      inventoryId: 'i1',
      lookupId: lookupAnswer().lookup_id,
    });
  });

  it('adds the product to a new report and links to it', async () => {
    const send = worker({
      lookup: () => ({ ok: true, data: lookupAnswer() }),
      newReport: () => ({ ok: true, data: { report_id: 'r9' } }),
    });
    const { user } = renderPanel(send);
    await user.click(await screen.findByRole('button', { name: 'Check now' }));
    expect(await screen.findByText('You have no inventory for these countries.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add to a new report' }));
    await user.click(await screen.findByRole('button', { name: 'Open it' }));
    expect(send).toHaveBeenCalledWith({ type: 'openReport', reportId: 'r9' });
    expect(send).toHaveBeenCalledWith({ type: 'newReport', asin: 'B0C1XAMPLE', from: 'us', to: 'ca' });
  });

  it('collapses, remembered, and speaks Turkish on a Turkish page', async () => {
    const { user, remember } = renderPanel(worker(), { lang: 'tr' });
    await user.click(await screen.findByRole('button', { name: "Crossmarket'i gizle" }));
    expect(remember).toHaveBeenCalledWith({ collapsed: true });
    expect(screen.getByRole('button', { name: "Crossmarket'i göster" })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it("draws the product's 90-day price history on this marketplace, with what it rests on and a table", async () => {
    const send = worker();
    const { user } = renderPanel(send);
    const history = await screen.findByTestId('cm-history');
    const caption = await within(history).findByTestId('cm-history-caption');
    expect(caption).toHaveTextContent('Prices and sales rank as Amazon showed them.');
    expect(caption).not.toHaveTextContent(/observation|looked/);
    expect(caption).toHaveTextContent('1 earlier day is generated by the sandbox, not observed.');
    expect(send).toHaveBeenCalledWith({ type: 'history', marketplace: 'us', asin: 'B0C1XAMPLE', days: 90 });
    // The line has a point per priced observation (the sold-out one has no price).
    const line = within(history).getByRole('img', {
      name: /^Price history, 90 days\. Prices and sales rank as Amazon showed them/,
    });
    expect(line.querySelector('polyline')!.getAttribute('points')!.split(' ')).toHaveLength(2);
    expect(within(history).getByText('Lowest').nextSibling).toHaveTextContent('$10.00');
    expect(within(history).getByText('Highest').nextSibling).toHaveTextContent('$12.00');
    expect(within(history).getByText('Days out of stock').nextSibling).toHaveTextContent('1');
    await user.click(within(history).getByText('As a table'));
    const rows = within(within(history).getByRole('table')).getAllByRole('row');
    // Header, then newest first: sold out, $10, then the sandbox's day.
    expect(rows).toHaveLength(4);
    expect(rows[1]).toHaveTextContent('Out of stock');
    expect(rows[2]).toHaveTextContent('$10.00');
  });

  it("offers to watch the product on the page's marketplace, beside its history", async () => {
    const send = worker();
    renderPanel(send, { page: 'uk' });
    const watch = await screen.findByRole('region', { name: 'Watch this product' });
    expect(await within(watch).findByText('0 of your 10 watches in use.')).toBeInTheDocument();
    expect(send).toHaveBeenCalledWith({ type: 'watches', marketplace: 'uk', asin: 'B0C1XAMPLE' });
    expect(screen.getByTestId('cm-history').nextElementSibling).toBe(watch);
  });

  it('says when the history cannot be loaded, and the rest of the panel still works', async () => {
    const send = worker({ history: () => ({ ok: false, reason: 'unreachable' }) });
    renderPanel(send);
    expect(await screen.findByText('The history could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check now' })).toBeInTheDocument();
  });
});
