import type { Watch } from '@crossmarket/domain';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import i18n, { changeLanguage } from '../../../i18n';
import { fakeApi } from '../../../test/fake-api';
import { DigestSetting } from './digest-setting';
import { InventoryWatchButton } from './inventory-watch-button';

const INVENTORY = '5b0e7f3a-0000-4000-8000-000000000001';

beforeEach(async () => {
  if (i18n.language !== 'en') await changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

function renderIt(node: React.ReactNode) {
  render(
    <AppProviders>
      <AntApp>{node}</AntApp>
    </AppProviders>,
  );
  return userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
}

describe('how alerts arrive', () => {
  it('shows the e-mail choice and saves another at once', async () => {
    const api = fakeApi((url, init) => {
      if (url !== '/api/watches/settings') return undefined;
      return init?.method === 'PUT' ? { body: JSON.parse(String(init.body)) } : { body: { digest: 'daily' } };
    });
    const user = renderIt(<DigestSetting />);
    const group = await screen.findByRole('radiogroup', { name: 'E-mail me about alerts' });
    expect(group).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: 'One mail a day' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Off' }));
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Off' })).toBeChecked());
    const put = api.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put![1]!.body))).toEqual({ digest: 'off' });
  });

  it('watches a whole inventory for sold-out sources, and stops', async () => {
    let watches: Watch[] = [];
    const api = fakeApi((url, init) => {
      if (url === '/api/watches') return { body: { watches, limit: 100 } };
      if (url === '/api/watches/inventory' && init?.method === 'POST') {
        const made: Watch = {
          id: '00000000-0000-4000-8000-0000000000b1',
          marketplace: 'us',
          asin: null,
          inventory_id: INVENTORY,
          condition: 'out_of_stock',
          threshold: null,
          created_at: '2026-11-26T09:00:00.000Z',
        };
        watches = [made];
        return { status: 201, body: made };
      }
      if (url.startsWith('/api/watches/') && init?.method === 'DELETE') {
        watches = [];
        return { body: null };
      }
      return undefined;
    });
    const user = renderIt(<InventoryWatchButton inventoryId={INVENTORY} />);
    const off = await screen.findByRole('button', { name: 'Tell me when sources sell out' });
    expect(off).toHaveAttribute('aria-pressed', 'false');
    await user.click(off);
    const on = await screen.findByRole('button', { name: 'Watching sold-out sources' });
    expect(on).toHaveAttribute('aria-pressed', 'true');
    const post = api.mock.calls.find(([u]) => u === '/api/watches/inventory');
    expect(JSON.parse(String(post![1]!.body))).toEqual({ inventory_id: INVENTORY });
    await user.click(on);
    expect(await screen.findByRole('button', { name: 'Tell me when sources sell out' })).toBeInTheDocument();
  });
});
