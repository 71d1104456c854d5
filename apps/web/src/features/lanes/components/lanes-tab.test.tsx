import {
  defaultLaneSettings,
  rulesInForce,
  type LaneList,
  type LaneResponse,
  type LaneSettings,
  type RegionCode,
} from '@crossmarket/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import '../../../i18n';
import { fakeApi } from '../../../test/fake-api';
import { LanesTab } from './lanes-tab';

const seller = { establishment: 'tr', registered_home: false } as const;

/** A lane as the server answers it, with the domain's real rules in force on a fixed day. */
function laneOf(from: RegionCode, to: RegionCode, over: Partial<LaneSettings> = {}): LaneResponse {
  const settings = { ...defaultLaneSettings(), ...over };
  return {
    from,
    to,
    settings,
    saved: false,
    updated_at: null,
    rules: rulesInForce(from, to, settings, seller, '2026-11-26').map(({ family, row }) => ({
      family,
      row: row && {
        id: row.id,
        source: row.source,
        effective_from: row.effective_from,
        assumed: row.assumed,
        rate: 'rate' in row && typeof row.rate === 'number' ? row.rate : null,
      },
    })),
  };
}

const list = (lanes: LaneResponse[]): LaneList => ({ defaults: defaultLaneSettings(), seller, lanes });

function renderTab() {
  const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  render(
    <AppProviders>
      <AntApp>
        <MemoryRouter initialEntries={['/settings/lanes']}>
          <LanesTab />
        </MemoryRouter>
      </AntApp>
    </AppProviders>,
  );
  return { user };
}

afterEach(() => vi.unstubAllGlobals());

describe('Settings → Lanes', () => {
  it('shows a card per lane with its rules, their sources and dates, assumed ones marked', async () => {
    const ca = laneOf('us', 'ca');
    fakeApi((url) => (url === '/api/lanes' ? { body: list([ca]) } : undefined));
    renderTab();
    const card = await screen.findByTestId('lane-card-us-ca');
    const border = within(card).getByTestId('rule-border');
    const row = ca.rules.find((r) => r.family === 'border')!.row!;
    expect(border).toHaveTextContent(row.id);
    // Named in words, each source by its title and linked (issue 59), not "S20 S21".
    expect(border).toHaveTextContent('Canada: border, from United States, by courier');
    const cbsa = within(border).getByRole('link', {
      name: 'CBSA, "CUSMA: increase to low-value shipment thresholds"',
    });
    expect(cbsa).toHaveAttribute('href', 'https://www.cbsa-asfc.gc.ca/services/cusma-aceum/lvs-efv-eng.html');
    expect(border).not.toHaveTextContent(`sources ${row.source}`);
    // Ontario's HST stands for every province: an assumed rule, marked in words.
    expect(within(card).getAllByText('Assumed').length).toBeGreaterThan(0);
    expect(within(card).getByRole('radio', { name: 'Reship' })).toBeChecked();
  });

  it('says so when the seller has no lane yet', async () => {
    fakeApi((url) => (url === '/api/lanes' ? { body: list([]) } : undefined));
    renderTab();
    expect(await screen.findByText(/No lanes yet/)).toBeInTheDocument();
  });

  it("shows Amazon's drop-shipping policy and the double taxation when the source ships", async () => {
    fakeApi((url) => (url === '/api/lanes' ? { body: list([laneOf('us', 'uk')]) } : undefined));
    const { user } = renderTab();
    const card = await screen.findByTestId('lane-card-us-uk');
    expect(within(card).queryByTestId('source-ships-note')).toBeNull();
    await user.click(within(card).getByRole('radio', { name: 'Source ships' }));
    expect(await within(card).findByTestId('source-ships-note')).toHaveTextContent(/Double taxation/);
  });

  it("checks the rate card with the domain's schema, naming the field, and saves the lane with PUT", async () => {
    const puts: unknown[] = [];
    fakeApi((url, init) => {
      if (url === '/api/lanes') return { body: list([laneOf('us', 'ca')]) };
      if (url === '/api/lanes/us/ca' && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as LaneSettings;
        puts.push(body);
        return { body: { ...laneOf('us', 'ca', body), saved: true, updated_at: '2026-11-26T10:00:00Z' } };
      }
      return undefined;
    });
    const { user } = renderTab();
    const card = await screen.findByTestId('lane-card-us-ca');
    await user.click(within(card).getByRole('switch', { name: 'International shipping rate card' }));
    const divisor = within(card).getByRole('spinbutton', { name: 'Volumetric divisor (cm³/kg)' });
    await user.clear(divisor);
    await user.type(divisor, '50');
    await user.click(within(card).getByRole('button', { name: 'Save lane' }));
    expect(
      await within(card).findByText('Enter a volumetric divisor between 1,000 and 10,000 (cm³ per kg).'),
    ).toBeInTheDocument();
    expect(puts).toHaveLength(0);

    await user.clear(divisor);
    await user.type(divisor, '6000');
    const perKg = within(card).getByRole('spinbutton', { name: 'Per kg' });
    await user.clear(perKg);
    await user.type(perKg, '4.5');
    await user.click(within(card).getByRole('button', { name: 'Save lane' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({
      route: 'reship',
      rate_card: { per_parcel: 0, per_kg: 4.5, divisor: 6000, currency: 'USD' },
    });
  });

  it('offers a lane its starting rate card, marked assumed with its source and day, and saves it (issue 59)', async () => {
    const puts: LaneSettings[] = [];
    fakeApi((url, init) => {
      if (url === '/api/lanes') return { body: list([laneOf('us', 'ca'), laneOf('us', 'mx')]) };
      if (url === '/api/lanes/us/ca' && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as LaneSettings;
        puts.push(body);
        return { body: { ...laneOf('us', 'ca', body), saved: true, updated_at: '2026-11-26T10:00:00Z' } };
      }
      return undefined;
    });
    const { user } = renderTab();
    const card = await screen.findByTestId('lane-card-us-ca');
    const offer = within(card).getByTestId('starting-card-offer');
    expect(offer).toHaveTextContent('$18.00 per parcel + $0.00 per kg.');
    expect(offer).toHaveTextContent(/Assumed, not a courier quote: Cross-border reference §8/);
    expect(offer).toHaveTextContent('26 November 2026');
    await user.click(within(offer).getByRole('button', { name: 'Use the starting rate card' }));
    expect(within(card).getByRole('spinbutton', { name: 'Per parcel' })).toHaveValue('18.00');
    expect(within(card).getByTestId('starting-card-offer')).toHaveTextContent(
      'This lane uses its starting rate card',
    );
    await user.click(within(card).getByRole('button', { name: 'Save lane' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]!.rate_card).toEqual({ per_parcel: 18, per_kg: 0, divisor: 5000, currency: 'USD' });
    // A lane with no starting card keeps only its own settings (and its warning in reports).
    expect(
      within(await screen.findByTestId('lane-card-us-mx')).queryByTestId('starting-card-offer'),
    ).toBeNull();
  });

  it("saves the forwarder's ship-to address and the days an order needs, with their total (issue 60)", async () => {
    const puts: LaneSettings[] = [];
    fakeApi((url, init) => {
      if (url === '/api/lanes') return { body: list([laneOf('us', 'ca')]) };
      if (url === '/api/lanes/us/ca' && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as LaneSettings;
        puts.push(body);
        return { body: { ...laneOf('us', 'ca', body), saved: true, updated_at: '2026-11-26T10:00:00Z' } };
      }
      return undefined;
    });
    const { user } = renderTab();
    const card = await screen.findByTestId('lane-card-us-ca');
    expect(within(card).getByTestId('lane-order-days')).toHaveTextContent(
      'An order on this lane needs 5 business days before it can ship',
    );
    await user.type(
      within(card).getByRole('textbox', { name: 'Forwarder or 3PL ship-to address' }),
      'Ayşe Yılmaz, Suite 4471{Enter}123 Forward St, Hawthorne CA 90250, US',
    );
    const inbound = within(card).getByRole('spinbutton', { name: 'Days to reach the forwarder' });
    await user.clear(inbound);
    await user.type(inbound, '4');
    expect(within(card).getByTestId('lane-order-days')).toHaveTextContent('needs 7 business days');
    await user.click(within(card).getByRole('button', { name: 'Save lane' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({
      forwarder_ship_to: 'Ayşe Yılmaz, Suite 4471\n123 Forward St, Hawthorne CA 90250, US',
      purchase_days: 1,
      inbound_days: 4,
      forwarder_days: 2,
    });
  });

  it('says where the seller meets the source-ships route that orders cannot use it', async () => {
    fakeApi((url) =>
      url === '/api/lanes' ? { body: list([laneOf('us', 'ca', { route: 'source_ships' })]) } : undefined,
    );
    renderTab();
    expect(await screen.findByTestId('source-ships-orders')).toHaveTextContent(
      'Orders cannot use this route',
    );
  });
});
