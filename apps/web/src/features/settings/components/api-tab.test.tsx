import type { ApiToken } from '@crossmarket/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import '../../../i18n';
import { fakeApi } from '../../../test/fake-api';
import { ApiTab } from './api-tab';

const KEY = `cm_${'Q'.repeat(64)}`;

const token = (overrides: Partial<ApiToken> = {}): ApiToken => ({
  id: 'k1',
  name: 'Nightly sync',
  start: 'cm_QQQQ',
  prefix: 'cm_',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastRequest: null,
  expiresAt: null,
  ...overrides,
});

/** better-auth's client asks for absolute URLs; the handler sees the path and the body. */
const pathOf = (url: string) => new URL(url, 'http://localhost').pathname;
const bodyOf = (init?: RequestInit) => JSON.parse(String(init?.body ?? 'null')) as Record<string, unknown>;

function renderTab() {
  // Ant Design's styles make the pointer-events check (getComputedStyle up the tree) slow in jsdom.
  const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  render(
    <AppProviders>
      <AntApp>
        <ApiTab />
      </AntApp>
    </AppProviders>,
  );
  return { user };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Settings → API', () => {
  it('says there is no token yet', async () => {
    fakeApi((url) =>
      pathOf(url) === '/api/auth/api-key/list' ? { body: { apiKeys: [], total: 0 } } : undefined,
    );
    renderTab();
    expect(await screen.findByText('0 of 10 tokens')).toBeInTheDocument();
    expect(screen.getByText('You have no API tokens yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'API reference' })).toHaveAttribute('href', '/api/docs');
  });

  it('lists name, start, dates; never used and no expiry say so', async () => {
    fakeApi((url) =>
      pathOf(url) === '/api/auth/api-key/list'
        ? {
            body: {
              apiKeys: [
                token(),
                token({
                  id: 'k2',
                  name: 'Sheets',
                  start: 'cm_ABCD',
                  lastRequest: '2026-11-21T08:00:00.000Z',
                  expiresAt: '2027-02-18T10:00:00.000Z',
                }),
              ],
              total: 2,
            },
          }
        : undefined,
    );
    renderTab();
    const row = (await screen.findByText('Nightly sync')).closest('tr')!;
    expect(within(row).getByText('cm_QQQQ…')).toBeInTheDocument();
    expect(within(row).getAllByText('Never')).toHaveLength(2);
    const other = screen.getByText('Sheets').closest('tr')!;
    expect(within(other).queryByText('Never')).not.toBeInTheDocument();
    expect(screen.getByText('2 of 10 tokens')).toBeInTheDocument();
  });

  it('creates a token with a name and an expiry, and shows the key once with a copy button', async () => {
    let created = false;
    const fetch = fakeApi((url) => {
      const path = pathOf(url);
      if (path === '/api/auth/api-key/list')
        return { body: { apiKeys: created ? [token({ name: 'CI' })] : [], total: created ? 1 : 0 } };
      if (path === '/api/auth/api-key/create') {
        created = true;
        return { body: { ...token({ name: 'CI' }), key: KEY } };
      }
      return undefined;
    });
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: /Create token/ }));
    const dialog = await screen.findByRole('dialog');
    // A name is required: nothing is sent without one.
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Please give the token a name.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Name'), '  CI  ');
    await user.click(within(dialog).getByRole('combobox'));
    await user.click(await screen.findByText('In 30 days'));
    // Read and watches are ticked; writing to Amazon is the seller's explicit choice.
    expect(within(dialog).getByRole('checkbox', { name: /Listings on Amazon/ })).not.toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: /Listings on Amazon/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Your new API token')).toBeInTheDocument();
    expect(screen.getByText(/it will not be shown again/)).toBeInTheDocument();
    expect(screen.getByLabelText('API token')).toHaveValue(KEY);
    const sent = fetch.mock.calls.find(([u]) => pathOf(String(u)) === '/api/auth/api-key/create')!;
    expect(bodyOf(sent[1])).toEqual({
      name: 'CI',
      expiresIn: 30 * 86_400,
      scopes: ['read', 'watches', 'listings_write'],
    });

    await user.click(screen.getByRole('button', { name: /Copy/ }));
    // user-event's clipboard stands in for the browser's.
    expect(await navigator.clipboard.readText()).toBe(KEY);
    await user.click(screen.getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(screen.queryByLabelText('API token')).not.toBeInTheDocument());
    // The list shows the new token, and the key is nowhere on the page any more.
    expect(await screen.findByText('CI')).toBeInTheDocument();
    expect(document.body.innerHTML).not.toContain(KEY);
  }, 60_000);

  it('explains the refusal at the limit', async () => {
    fakeApi((url) => {
      const path = pathOf(url);
      if (path === '/api/auth/api-key/list') return { body: { apiKeys: [], total: 0 } };
      if (path === '/api/auth/api-key/create')
        return { status: 409, body: { code: 'API_KEY_LIMIT_REACHED', message: 'At most 10.' } };
      return undefined;
    });
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: /Create token/ }));
    const dialog = await screen.findByRole('dialog');
    // Enter in the name field creates, as the Create button does.
    await user.type(within(dialog).getByLabelText('Name'), 'One more{Enter}');
    expect(
      await within(dialog).findByText(
        'You already have the maximum of 10 tokens. Revoke one to create another.',
      ),
    ).toBeInTheDocument();
  });

  it('revokes a token after confirmation', async () => {
    let revoked = false;
    const fetch = fakeApi((url) => {
      const path = pathOf(url);
      if (path === '/api/auth/api-key/list')
        return { body: { apiKeys: revoked ? [] : [token()], total: revoked ? 0 : 1 } };
      if (path === '/api/auth/api-key/delete') {
        revoked = true;
        return { body: { success: true } };
      }
      return undefined;
    });
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Revoke Nightly sync' }));
    // The confirm dialog's title is also its accessible name.
    expect(await screen.findAllByText('Revoke “Nightly sync”?')).not.toHaveLength(0);
    const confirm = screen.getAllByRole('button', { name: 'Revoke' }).at(-1)!;
    await user.click(confirm);
    expect(await screen.findByText('You have no API tokens yet.')).toBeInTheDocument();
    const sent = fetch.mock.calls.find(([u]) => pathOf(String(u)) === '/api/auth/api-key/delete')!;
    expect(bodyOf(sent[1])).toEqual({ keyId: 'k1' });
  });

  it('shows a failed load with a way to try again', async () => {
    fakeApi((url) =>
      pathOf(url) === '/api/auth/api-key/list'
        ? { status: 500, body: { code: 'INTERNAL', message: 'down' } }
        : undefined,
    );
    renderTab();
    expect(await screen.findByText('Your API tokens could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Create token/ })).toBeDisabled();
  });
});
