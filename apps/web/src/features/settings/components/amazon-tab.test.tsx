import type { AmazonConnection } from '@crossmarket/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import '../../../i18n';
import { connectionRow } from '../../../test/amazon-connections';
import { fakeApi } from '../../../test/fake-api';
import { AmazonTab } from './amazon-tab';

const none = (region: AmazonConnection['region']) => connectionRow(region);
const list = (na: Partial<AmazonConnection> = {}): AmazonConnection[] => [
  { ...none('na'), ...na },
  none('eu'),
  none('fe'),
];

function renderTab(path = '/settings/amazon') {
  const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  render(
    <AppProviders>
      <AntApp>
        <MemoryRouter initialEntries={[path]}>
          <AmazonTab />
        </MemoryRouter>
      </AntApp>
    </AppProviders>,
  );
  return { user };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Settings → Amazon account', () => {
  it('lists every region with its countries, connected or not', async () => {
    fakeApi((url) =>
      url === '/api/amazon/connections'
        ? {
            body: list({
              status: 'connected',
              selling_partner_id: 'A1B2…',
              connected_at: '2026-11-20T10:00:00.000Z',
              renew_by: '2027-11-20T10:00:00.000Z',
              not_selling_in: ['ca'],
            }),
          }
        : undefined,
    );
    renderTab();
    const na = await screen.findByTestId('amazon-region-na');
    expect(await within(na).findByText(/Connected as seller A1B2…/)).toBeInTheDocument();
    expect(within(na).getByText(/Renew by/)).toBeInTheDocument();
    expect(within(na).getByRole('button', { name: 'Reconnect North America' })).toBeInTheDocument();
    expect(within(na).getByRole('button', { name: 'Disconnect North America' })).toBeInTheDocument();
    // Amazon's participations: this account is not registered in Canada.
    expect(within(na).getByTestId('not-selling-ca')).toHaveTextContent(
      'You cannot sell in Canada with this account',
    );
    const eu = screen.getByTestId('amazon-region-eu');
    expect(within(eu).getByText('Not connected')).toBeInTheDocument();
    expect(within(eu).getByRole('button', { name: 'Connect Europe' })).toBeInTheDocument();
    expect(within(eu).queryByRole('button', { name: /Disconnect/ })).toBeNull();
  });

  it('sends the seller to the consent link the server gives', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const fetchMock = fakeApi((url, init) => {
      if (url !== '/api/amazon/connections') return undefined;
      if (init?.method === 'POST')
        return { body: { authorize_url: 'http://127.0.0.1/dev/amazon/consent?state=s1' } };
      return { body: list() };
    });
    const { user } = renderTab();
    // The seller's account lives in Singapore: Singapore's Seller Central gives the consent.
    const fe = await screen.findByTestId('amazon-region-fe');
    const select = within(fe).getByRole('combobox', { name: 'Where your Far East seller account lives' });
    expect(within(fe).getByTitle('Australia')).toBeInTheDocument(); // the region's first by default
    await user.click(select);
    await user.click((await screen.findAllByTitle('Singapore')).at(-1)!);
    await user.click(within(fe).getByRole('button', { name: 'Connect Far East' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://127.0.0.1/dev/amazon/consent?state=s1'));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post![1]!.body))).toEqual({ region: 'fe', marketplace: 'sg' });
  });

  it("says what Amazon's redirect reported: connected, or why not", async () => {
    fakeApi((url) => (url === '/api/amazon/connections' ? { body: list() } : undefined));
    renderTab('/settings/amazon?error=amazon_declined');
    expect(
      await screen.findByText('The authorisation was declined on Amazon, so no account was connected.'),
    ).toBeInTheDocument();
  });

  it('disconnects only after confirmation', async () => {
    const fetchMock = fakeApi((url, init) => {
      if (url === '/api/amazon/connections/na' && init?.method === 'DELETE') return { body: null };
      if (url === '/api/amazon/connections')
        return { body: list({ status: 'revoked', selling_partner_id: 'A1B2…' }) };
      return undefined;
    });
    const { user } = renderTab();
    const na = await screen.findByTestId('amazon-region-na');
    expect(await within(na).findByText('Authorisation revoked')).toBeInTheDocument();
    await user.click(within(na).getByRole('button', { name: 'Disconnect North America' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Disconnect North America?').length).toBeGreaterThan(0);
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([u, init]) => u === '/api/amazon/connections/na' && init?.method === 'DELETE',
        ),
      ).toBe(true),
    );
  });
});
