import type { Watch } from '@crossmarket/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { WatchSection } from '../src/panel/watch-section';
import { translator, type Language } from '../src/shared/messages';
import type { Outcome, ProductWatches, Request, Send } from '../src/shared/protocol';

// The panel's "Watch this product" (issue 49) over a stand-in worker: the product's watches on the
// page's marketplace, a new one checked by the domain's schema before it is sent, removal after a
// question, and the plan's cap said in full.

const ASIN = 'B0C1XAMPLE';
const watchOf = (id: string, over: Partial<Watch> = {}): Watch => ({
  id,
  marketplace: 'ae',
  asin: ASIN,
  inventory_id: null,
  condition: 'back_in_stock',
  threshold: null,
  created_at: '2026-11-20T09:00:00.000Z',
  ...over,
});

/** A worker holding `start` watches of a plan allowing `limit`; adds and removals change what it lists. */
function worker(start: Watch[], { limit = 10, add }: { limit?: number; add?: () => Outcome<Watch> } = {}) {
  let held = [...start];
  const send = vi.fn(async (request: Request): Promise<Outcome<unknown>> => {
    switch (request.type) {
      case 'watches': {
        const data: ProductWatches = { watches: held, used: held.length, limit };
        return { ok: true, data };
      }
      case 'addWatch': {
        if (add) return add();
        const made = watchOf(`w${held.length + 1}`, {
          ...request.body,
          threshold: request.body.threshold ?? null,
        });
        held = [made, ...held];
        return { ok: true, data: made };
      }
      case 'removeWatch':
        held = held.filter((w) => w.id !== request.id);
        return { ok: true, data: null };
      default:
        throw new Error(`not expected: ${request.type}`);
    }
  });
  return send as unknown as Send & typeof send;
}

function renderSection(send: Send, lang: Language = 'en') {
  render(<WatchSection asin={ASIN} page="ae" send={send} lang={lang} t={translator(lang)} />);
  return userEvent.setup();
}

const calls = (send: ReturnType<typeof worker>, type: Request['type']) =>
  send.mock.calls.map(([r]) => r).filter((r) => r.type === type);

describe('watching the product from the panel', () => {
  it("lists the product's watches in words, the threshold in the marketplace's currency, and the plan's use", async () => {
    const send = worker([watchOf('w1', { condition: 'price_at_or_below', threshold: 45.5 }), watchOf('w2')], {
      limit: 12,
    });
    renderSection(send);
    const items = await screen.findAllByTestId('cm-watch-item');
    expect(items.map((i) => i.querySelector('span')!.textContent)).toEqual([
      expect.stringMatching(/^Source price at or below AED\s45\.50$/),
      'Back in stock at the source',
    ]);
    expect(screen.getByTestId('cm-watch-usage')).toHaveTextContent('2 of your 12 watches in use.');
    expect(send).toHaveBeenCalledWith({ type: 'watches', marketplace: 'ae', asin: ASIN });
  });

  it('says when there is none, and speaks Turkish on a Turkish page', async () => {
    renderSection(worker([]), 'tr');
    expect(await screen.findByText('Bu ürünü bu pazarda henüz izlemiyorsunuz.')).toBeInTheDocument();
    const options = within(screen.getByRole('combobox', { name: 'Ne zaman haber verelim' })).getAllByRole(
      'option',
    );
    expect(options[0]).toHaveTextContent('Kaynak fiyatı … veya altında');
  });

  it('adds a watch from the keyboard with the body the server takes, then lists it', async () => {
    const send = worker([]);
    const user = renderSection(send);
    const condition = await screen.findByRole('combobox', { name: 'Tell me when' });
    // Every condition of the catalogue is offered, in its order.
    expect(
      within(condition)
        .getAllByRole('option')
        .map((o) => (o as HTMLOptionElement).value),
    ).toEqual([
      'price_at_or_below',
      'back_in_stock',
      'out_of_stock',
      'buybox_at_or_above',
      'profit_at_or_above',
      'restriction_changed',
    ]);
    await user.selectOptions(condition, 'buybox_at_or_above');
    await user.type(screen.getByRole('spinbutton', { name: 'Threshold (AED)' }), '60.5{Enter}');
    expect(calls(send, 'addWatch')).toEqual([
      {
        type: 'addWatch',
        body: { marketplace: 'ae', asin: ASIN, condition: 'buybox_at_or_above', threshold: 60.5 },
      },
    ]);
    expect(await screen.findByRole('status')).toHaveTextContent(
      /^Watching: Buy box at or above AED\s60\.50\.$/,
    );
    expect(await screen.findAllByTestId('cm-watch-item')).toHaveLength(1);
    expect(screen.getByTestId('cm-watch-usage')).toHaveTextContent('1 of your 10 watches in use.');
  });

  it('asks for the threshold a condition needs before sending, and none of one that needs none', async () => {
    const send = worker([]);
    const user = renderSection(send);
    await user.click(await screen.findByRole('button', { name: 'Watch' }));
    const threshold = screen.getByRole('spinbutton', { name: 'Threshold (AED)' });
    expect(threshold).toHaveAttribute('aria-invalid', 'true');
    expect(threshold).toHaveAccessibleDescription('Enter a price above zero.');
    expect(threshold).toHaveFocus();
    expect(calls(send, 'addWatch')).toEqual([]);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Tell me when' }), 'profit_at_or_above');
    expect(screen.getByRole('spinbutton', { name: 'Threshold (%)' })).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tell me when' }), 'out_of_stock');
    expect(screen.queryByRole('spinbutton')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Watch' }));
    expect(calls(send, 'addWatch')).toEqual([
      {
        type: 'addWatch',
        body: { marketplace: 'ae', asin: ASIN, condition: 'out_of_stock', threshold: null },
      },
    ]);
  });

  it('removes a watch only once the seller confirms; the question takes the focus on "Keep it"', async () => {
    const send = worker([watchOf('w1')]);
    const user = renderSection(send);
    const remove = await screen.findByRole('button', {
      name: 'Remove the watch: Back in stock at the source',
    });
    await user.click(remove);
    const question = screen.getByRole('group', { name: 'Stop watching: Back in stock at the source?' });
    expect(within(question).getByRole('button', { name: 'Keep it' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(calls(send, 'removeWatch')).toEqual([]);
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
    // The focus goes back where it was; Escape keeps the watch too.
    const again = screen.getByRole('button', { name: 'Remove the watch: Back in stock at the source' });
    expect(again).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('group')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
    expect(calls(send, 'removeWatch')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Remove the watch: Back in stock at the source' }));
    await user.click(screen.getByRole('button', { name: 'Yes, remove it' }));
    expect(calls(send, 'removeWatch')).toEqual([{ type: 'removeWatch', id: 'w1' }]);
    expect(await screen.findByRole('status')).toHaveTextContent('Watch removed.');
    expect(
      await screen.findByText('You do not watch this product on this marketplace yet.'),
    ).toBeInTheDocument();
  });

  it("says the plan's cap in full when the server refuses the watch past it", async () => {
    const send = worker([watchOf('w1')], {
      limit: 1,
      add: () => ({
        ok: false,
        reason: 'refused',
        status: 409,
        code: 'watch_limit',
        message: 'You can watch at most 1 products.',
        key: 'validation.watch.limit',
        params: { limit: 1 },
      }),
    });
    const user = renderSection(send);
    await screen.findAllByTestId('cm-watch-item');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tell me when' }), 'out_of_stock');
    await user.click(screen.getByRole('button', { name: 'Watch' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your plan allows 1 watches and all are in use. Remove one, here or in Crossmarket, to watch this product.',
    );
  });

  it('says when the watches cannot be loaded, and tries again', async () => {
    let reachable = false;
    const healthy = worker([]);
    const send = vi.fn(async (request: Request) =>
      reachable ? healthy(request) : { ok: false, reason: 'unreachable' },
    ) as unknown as Send;
    const user = renderSection(send);
    expect(await screen.findByText('Your watches could not be loaded.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Watch' })).not.toBeInTheDocument();
    reachable = true;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByText('You do not watch this product on this marketplace yet.'),
    ).toBeInTheDocument();
  });
});
