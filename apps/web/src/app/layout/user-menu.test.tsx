import { render, screen } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { fakeApi, meFixture } from '../../test/fake-api';
import { AppProviders } from '../providers';
import { UserMenu } from './user-menu';

// The user menu's "Browser Extension": our Settings → Extension page, unless EXTENSION_URL names a store listing.

function renderMenu(extension?: string) {
  fakeApi((url) => {
    if (url.startsWith('/api/me')) return { body: meFixture() };
    if (url.startsWith('/api/app-config'))
      return {
        body: {
          version: 'test',
          links: { blog: 'https://blog.example', extension },
          providers: { marketplace: 'sandbox', payments: 'sandbox' },
          stripe_publishable_key: null,
          dev_mailbox: false,
        },
      };
    return undefined;
  });
  const router = createMemoryRouter(
    [
      { path: '/', element: <UserMenu /> },
      { path: '/settings/extension', element: <p>Extension page</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <AppProviders>
      <AntApp>
        <RouterProvider router={router} />
      </AntApp>
    </AppProviders>,
  );
  return userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
}

afterEach(() => vi.unstubAllGlobals());

describe('the user menu', () => {
  it('opens Settings → Extension when no store listing is set', async () => {
    const user = renderMenu();
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByText('Browser Extension'));
    expect(await screen.findByText('Extension page')).toBeInTheDocument();
  });

  it('links to the store listing when EXTENSION_URL is set', async () => {
    const user = renderMenu('https://store.example/crossmarket');
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    expect(await screen.findByRole('link', { name: 'Browser Extension' })).toHaveAttribute(
      'href',
      'https://store.example/crossmarket',
    );
  });
});
