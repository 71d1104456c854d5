import { defaultReportSettings } from '@crossmarket/domain';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import '../../../i18n';
import { fakeApi } from '../../../test/fake-api';
import { inventoryFixture } from '../test/fixtures';
import { LoadInventorySettings, SaveInventoryModal } from './inventory-settings-controls';

const BROKEN_ID = '5b0c8e2d-0000-4000-8000-000000000009';
const SETTINGS = { ...defaultReportSettings(1.37), handling_time: 5 };

const user = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('LoadInventorySettings', () => {
  function renderLoad() {
    const fetch = fakeApi((url) =>
      url === '/api/inventories?to_country=ca'
        ? {
            body: [
              inventoryFixture({ settings: SETTINGS }),
              // Written by hand or by an older version: not settings at all.
              { ...inventoryFixture({ id: BROKEN_ID, title: 'Broken' }), settings: { parity: 'high' } },
            ],
          }
        : undefined,
    );
    const onLoad = vi.fn();
    render(
      <AppProviders>
        <AntApp>
          <LoadInventorySettings toCountry="ca" onLoad={onLoad} />
        </AntApp>
      </AppProviders>,
    );
    return { fetch, onLoad };
  }
  const choose = async (title: string) => {
    const u = user();
    await u.click(screen.getByLabelText('Load an inventory settings'));
    await u.click(await screen.findByTitle(title));
    await screen.findByText('Replace your settings?', { selector: '.ant-modal-confirm-title' });
    await u.click(screen.getByRole('button', { name: 'Yes' }));
  };

  it('lists the inventories selling to the country and loads the chosen one’s settings', async () => {
    const { fetch, onLoad } = renderLoad();
    expect(screen.getByTestId('load-inventory-settings')).toBeInTheDocument();
    await choose('Toys for Canada');
    await waitFor(() => expect(onLoad).toHaveBeenCalledWith(SETTINGS));
    expect(fetch.mock.calls.map(([url]) => String(url))).toContain('/api/inventories?to_country=ca');
  });

  it('says so, and loads nothing, when an inventory’s settings cannot be read', async () => {
    const { onLoad } = renderLoad();
    await choose('Broken');
    expect(await screen.findByText('The settings of this inventory could not be read.')).toBeInTheDocument();
    expect(onLoad).not.toHaveBeenCalled();
  });
});

describe('SaveInventoryModal', () => {
  it('creates an FBM inventory for the given countries with the settings, under the title typed', async () => {
    const fetch = fakeApi((url, init) =>
      url === '/api/inventories' && init?.method === 'POST'
        ? { status: 201, body: inventoryFixture({ title: 'Canada FBM' }) }
        : undefined,
    );
    const onClose = vi.fn();
    render(
      <AppProviders>
        <AntApp>
          <SaveInventoryModal fromCountry="us" toCountry="ca" settings={SETTINGS} onClose={onClose} />
        </AntApp>
      </AppProviders>,
    );
    const u = user();
    await u.type(await screen.findByLabelText('Inventory settings title'), 'Canada FBM');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]?.body))).toEqual({
      title: 'Canada FBM',
      sell_type: 'fbm',
      from_country: 'us',
      to_country: 'ca',
      settings: SETTINGS,
    });
    expect(await screen.findByText('Inventory Created')).toBeInTheDocument();
  });
});
