import { render, screen, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import '../../../i18n';
import { fakeApi } from '../../../test/fake-api';
import { ExtensionTab } from './extension-tab';

const KEY = `cm_${'E'.repeat(64)}`;
const pathOf = (url: string) => new URL(url, 'http://localhost').pathname;

const appConfig = (extension?: string) => ({
  version: 'test',
  links: { blog: 'https://blog.example', extension },
  providers: { marketplace: 'sandbox', payments: 'sandbox' },
  stripe_publishable_key: null,
  dev_mailbox: false,
});

function renderTab(extension?: string) {
  const fetch = fakeApi((url) => {
    const path = pathOf(url);
    if (path === '/api/app-config') return { body: appConfig(extension) };
    if (path === '/api/auth/api-key/create')
      return {
        body: {
          id: 'k1',
          name: 'Browser extension',
          start: 'cm_EEEE',
          prefix: 'cm_',
          createdAt: '2026-11-24T10:00:00.000Z',
          lastRequest: null,
          expiresAt: null,
          key: KEY,
        },
      };
    return undefined;
  });
  const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  render(
    <AppProviders>
      <AntApp>
        <ExtensionTab />
      </AntApp>
    </AppProviders>,
  );
  return { user, fetch };
}

afterEach(() => vi.unstubAllGlobals());

describe('Settings → Extension', () => {
  it('offers the zip, both ways to install, and says what the extension sees', async () => {
    renderTab();
    const download = await screen.findByRole('link', { name: /Download the extension/ });
    expect(download).toHaveAttribute('href', '/downloads/crossmarket-extension.zip');
    expect(screen.queryByRole('link', { name: /store listing/ })).not.toBeInTheDocument();
    expect(screen.getByText('From the zip')).toBeInTheDocument();
    expect(screen.getByText('Load unpacked (a folder)')).toBeInTheDocument();
    expect(screen.getByText(/amazon\.com, amazon\.ca, amazon\.co\.uk, amazon\.com\.mx/)).toBeInTheDocument();
    expect(screen.getByText(/spends 1 credit/)).toBeInTheDocument();
    expect(screen.getByTestId('extension-address')).toHaveTextContent(window.location.origin);
  });

  it('puts the store listing first when EXTENSION_URL names one', async () => {
    renderTab('https://store.example/crossmarket');
    const store = await screen.findByRole('link', { name: /store listing/ });
    expect(store).toHaveAttribute('href', 'https://store.example/crossmarket');
    expect(screen.getByRole('link', { name: /Download the extension/ })).toBeInTheDocument();
  });

  it('creates a token named "Browser extension" and shows it once, with where to paste it', async () => {
    const { user, fetch } = renderTab();
    await user.click(await screen.findByRole('button', { name: /Create a token for the extension/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Browser extension');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByLabelText('API token')).toHaveValue(KEY);
    expect(screen.getByText(/Paste it into the extension's options/)).toBeInTheDocument();
    const sent = fetch.mock.calls.find(([u]) => pathOf(String(u)) === '/api/auth/api-key/create')!;
    expect(JSON.parse(String(sent[1]?.body))).toMatchObject({
      name: 'Browser extension',
      scopes: ['read', 'watches'],
    });
  }, 60_000);
});
