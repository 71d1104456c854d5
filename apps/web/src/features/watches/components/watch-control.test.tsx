import { WATCH_CONDITIONS, type Watch } from '@crossmarket/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import i18n, { changeLanguage } from '../../../i18n';
import en from '../../../i18n/en.json';
import tr from '../../../i18n/tr.json';
import { fakeApi } from '../../../test/fake-api';
import { WatchControl } from './watch-control';

const watch = (o: Partial<Watch>): Watch => ({
  id: '00000000-0000-4000-8000-000000000001',
  marketplace: 'us',
  asin: 'B000000001',
  inventory_id: null,
  condition: 'back_in_stock',
  threshold: null,
  created_at: '2026-11-20T09:00:00.000Z',
  ...o,
});

beforeEach(async () => {
  if (i18n.language !== 'en') await changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

function renderControl(existing: Watch[] = []) {
  let watches = existing;
  const fetch = fakeApi((url, init) => {
    if (url === '/api/watches' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as Watch;
      const created = watch({ ...body, id: '00000000-0000-4000-8000-000000000009' });
      watches = [created, ...watches];
      return { status: 201, body: created };
    }
    if (url === '/api/watches') return { body: { watches, limit: 100 } };
    const gone = /^\/api\/watches\/(.+)$/.exec(url);
    if (gone && init?.method === 'DELETE') {
      watches = watches.filter((w) => w.id !== gone[1]);
      return { body: null }; // a Response cannot carry a body with 204
    }
    return undefined;
  });
  render(
    <AppProviders>
      <AntApp>
        <WatchControl productId="B000000001" marketplaces={['us', 'ca']} />
      </AntApp>
    </AppProviders>,
  );
  const sent = () =>
    fetch.mock.calls
      .filter(([, init]) => init?.method === 'POST')
      .map(([, init]) => JSON.parse(String(init!.body)) as unknown);
  return { fetch, sent, user: userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never }) };
}

describe('Watch beside the history', () => {
  it("offers every condition of the domain's catalogue; a price needs a threshold in the marketplace's currency", async () => {
    const { sent, user } = renderControl();
    await user.click(await screen.findByRole('button', { name: 'Watch' }));
    const dialog = await screen.findByRole('dialog', { name: 'Watch B000000001' });
    const conditions = within(dialog).getByRole('radiogroup', { name: 'Tell me when' });
    expect(within(conditions).getAllByRole('radio')).toHaveLength(WATCH_CONDITIONS.length);
    expect(within(dialog).getByText('You are not watching this product yet.')).toBeInTheDocument();
    expect(await within(dialog).findByText('0 of 100 watches used.')).toBeInTheDocument();

    // The source (US) by default: its price in US dollars; refused without one, as the server would.
    await user.click(within(conditions).getByRole('radio', { name: 'Price at or below' }));
    const threshold = await within(dialog).findByRole('spinbutton', { name: 'Price (USD)' });
    await user.click(within(dialog).getByRole('button', { name: 'Watch' }));
    expect(await within(dialog).findByText('Enter a price above zero.')).toBeInTheDocument();
    expect(sent()).toEqual([]);

    // On the selling side, in Canadian dollars.
    await user.click(within(dialog).getByRole('radio', { name: /^CA · / }));
    expect(within(dialog).getByRole('spinbutton', { name: 'Price (CAD)' })).toBe(threshold);
    await user.type(threshold, '12.5');
    await user.click(within(dialog).getByRole('button', { name: 'Watch' }));
    expect(await screen.findByText('Watching. Alerts appear under Notifications.')).toBeInTheDocument();
    expect(sent()).toEqual([
      { marketplace: 'ca', asin: 'B000000001', condition: 'price_at_or_below', threshold: 12.5 },
    ]);
    expect(await screen.findByRole('button', { name: 'Watching (1)' })).toBeInTheDocument();
  });

  it('sends no threshold for a stock condition', async () => {
    const { sent, user } = renderControl();
    await user.click(await screen.findByRole('button', { name: 'Watch' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'Price at or below' }));
    await user.type(await within(dialog).findByRole('spinbutton'), '30');
    // Changing the condition drops the threshold it no longer needs.
    await user.click(within(dialog).getByRole('radio', { name: 'Back in stock' }));
    expect(within(dialog).queryByRole('spinbutton')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Watch' }));
    await screen.findByText('Watching. Alerts appear under Notifications.');
    expect(sent()).toEqual([
      { marketplace: 'us', asin: 'B000000001', condition: 'back_in_stock', threshold: null },
    ]);
  });

  it("lists this product's watches (not other products') and removes one after asking", async () => {
    const { fetch, user } = renderControl([
      watch({ id: '00000000-0000-4000-8000-000000000002', condition: 'price_at_or_below', threshold: 9.5 }),
      watch({ id: '00000000-0000-4000-8000-000000000003', asin: 'B0OTHER001' }),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Watching (1)' }));
    const list = await screen.findByTestId('product-watches');
    expect(within(list).getAllByTestId('product-watch')).toHaveLength(1);
    expect(list).toHaveTextContent('US · Price at or below $9.50');
    await user.click(
      within(list).getByRole('button', { name: 'Remove the watch US · Price at or below $9.50' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Watch removed.')).toBeInTheDocument();
    expect(
      fetch.mock.calls.some(
        ([url, init]) =>
          url === '/api/watches/00000000-0000-4000-8000-000000000002' && init?.method === 'DELETE',
      ),
    ).toBe(true);
    expect(await screen.findByText('You are not watching this product yet.')).toBeInTheDocument();
  });

  it('has words in English and Turkish for every condition of the catalogue', () => {
    const words = (texts: typeof en) => texts.watches.conditionNames as Record<string, string>;
    for (const condition of WATCH_CONDITIONS) {
      expect(words(en)[condition], condition).toBeTruthy();
      expect(words(tr as typeof en)[condition], condition).toBeTruthy();
    }
  });
});
