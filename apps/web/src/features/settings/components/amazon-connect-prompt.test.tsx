import type { AmazonConnection } from '@crossmarket/domain';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import '../../../i18n';
import { connectionRow } from '../../../test/amazon-connections';
import { fakeApi } from '../../../test/fake-api';
import { amazonConnectionKeys } from '../api/amazon-connections';
import { AmazonConnectPrompt, NotSellingPrompt } from './amazon-connect-prompt';

const row = connectionRow;

/** The connections answer `rows` (or a failure). */
function connections(rows: AmazonConnection[] | { status: number; body: unknown }) {
  fakeApi((url) =>
    url === '/api/amazon/connections' ? (Array.isArray(rows) ? { body: rows } : rows) : undefined,
  );
}

/** The prompt; `settled` resolves once the connections query has its answer, so absence can be judged. */
function renderPrompt(countries?: readonly unknown[]) {
  // No retry: a failure is final at once.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AppProviders queryClient={client}>
      <MemoryRouter>
        <AmazonConnectPrompt countries={countries} />
      </MemoryRouter>
    </AppProviders>,
  );
  const settled = () =>
    waitFor(() =>
      expect(client.getQueryState(amazonConnectionKeys.all)?.status).toMatch(/^(success|error)$/),
    );
  return { settled };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the Amazon connect prompt', () => {
  it('asks to connect a required region that is not connected, with a link to Settings', async () => {
    connections([row('na', { required: true }), row('eu'), row('fe')]);
    renderPrompt(['us', 'ca']);
    const prompt = await screen.findByTestId('amazon-connect-prompt');
    expect(prompt).toHaveTextContent('Connect your Amazon account for North America to send reports there.');
    expect(screen.getByRole('link', { name: 'Connect in Settings' })).toHaveAttribute(
      'href',
      '/settings/amazon',
    );
  });

  it('names every required region when no countries are given (the home page)', async () => {
    connections([
      row('na', { required: true }),
      row('eu', { required: true }),
      row('fe', { required: true, status: 'connected', selling_partner_id: 'A1B2…' }),
    ]);
    renderPrompt();
    expect(await screen.findByTestId('amazon-connect-prompt')).toHaveTextContent(
      'Connect your Amazon account for North America and Europe to send reports there.',
    );
  });

  it('says an authorisation Amazon revoked is no longer accepted, needed or not', async () => {
    connections([
      row('na', { status: 'revoked', selling_partner_id: 'A1B2…' }),
      row('eu', { required: true }),
      row('fe'),
    ]);
    renderPrompt(['us', 'ca']);
    expect(await screen.findByTestId('amazon-connect-prompt')).toHaveTextContent(
      'Amazon no longer accepts your authorisation for North America: reconnect it to look products up under your own account.',
    );
  });

  it('says nothing when the region is connected, not required, or not among the chosen countries', async () => {
    connections([
      row('na', { required: true, status: 'connected', selling_partner_id: 'A1B2…' }),
      row('eu'),
      row('fe', { required: true }),
    ]);
    const { settled } = renderPrompt(['us', 'uk', undefined]);
    await settled();
    expect(screen.queryByTestId('amazon-connect-prompt')).toBeNull();
  });

  it('says nothing when the connections cannot be read', async () => {
    connections({ status: 500, body: { error: { code: 'internal', message: 'boom' } } });
    const { settled } = renderPrompt(['us', 'ca']);
    await settled();
    expect(screen.queryByTestId('amazon-connect-prompt')).toBeNull();
  });
});

describe('the prompt for a selling country the account is not registered in', () => {
  const renderNotSelling = (country: string) => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <AppProviders queryClient={client}>
        <MemoryRouter>
          <NotSellingPrompt country={country} />
        </MemoryRouter>
      </AppProviders>,
    );
    return () =>
      waitFor(() => expect(client.getQueryState(amazonConnectionKeys.all)?.status).toBe('success'));
  };

  it('says the seller cannot sell in Canada with this account, before a US → CA report is sent', async () => {
    connections([
      row('na', { status: 'connected', selling_partner_id: 'A1B2…', not_selling_in: ['ca'] }),
      row('eu'),
      row('fe'),
    ]);
    renderNotSelling('ca');
    expect(await screen.findByTestId('amazon-not-selling')).toHaveTextContent(
      'You cannot sell in Canada with this account',
    );
  });

  it('says nothing for a country the account sells in', async () => {
    connections([
      row('na', { status: 'connected', selling_partner_id: 'A1B2…', not_selling_in: ['ca'] }),
      row('eu'),
      row('fe'),
    ]);
    const settled = renderNotSelling('us');
    await settled();
    expect(screen.queryByTestId('amazon-not-selling')).toBeNull();
  });
});
