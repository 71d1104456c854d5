import { render, screen, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import '../../../i18n';
import { fakeApi } from '../../../test/fake-api';
import { ApiTab } from './api-tab';
import { SecurityTab } from './security-tab';

// Security review (issue 26), item 3 on the screen: the create-token dialog asks for the password when
// the server wants it, and the password forms and the API tab say that a new password revokes tokens.

const KEY = `cm_${'Q'.repeat(64)}`;
const pathOf = (url: string) => new URL(url, 'http://localhost').pathname;
const bodyOf = (init?: RequestInit) => JSON.parse(String(init?.body ?? 'null')) as Record<string, unknown>;

function renderIn(node: ReactNode) {
  // Ant Design's styles make the pointer-events check (getComputedStyle up the tree) slow in jsdom.
  const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  render(
    <AppProviders>
      <AntApp>
        <MemoryRouter>{node}</MemoryRouter>
      </AntApp>
    </AppProviders>,
  );
  return { user };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('creating a token after an older sign-in', () => {
  it('asks for the password, says when it is wrong, and sends it with the name', async () => {
    const sent: Record<string, unknown>[] = [];
    fakeApi((url, init) => {
      const path = pathOf(url);
      if (path === '/api/auth/api-key/list') return { body: { apiKeys: [], total: 0 } };
      if (path !== '/api/auth/api-key/create') return undefined;
      const body = bodyOf(init);
      sent.push(body);
      if (!body.password)
        return { status: 403, body: { code: 'PASSWORD_REQUIRED', message: 'Enter your password.' } };
      if (body.password !== 'right-one')
        return { status: 403, body: { code: 'INVALID_PASSWORD', message: 'Invalid password' } };
      return {
        body: {
          id: 'k1',
          name: 'CI',
          start: 'cm_QQQQ',
          prefix: 'cm_',
          createdAt: '2026-11-20T10:00:00.000Z',
          lastRequest: null,
          expiresAt: null,
          key: KEY,
        },
      };
    });
    const { user } = renderIn(<ApiTab />);
    expect(
      screen.getByText('Changing, setting or resetting your password revokes all your API tokens.'),
    ).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: /Create token/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Name'), 'CI{Enter}');

    expect(
      await within(dialog).findByText(
        'You signed in more than 10 minutes ago. Enter your password (or sign in again) to create a token.',
      ),
    ).toBeInTheDocument();
    const password = within(dialog).getByLabelText('Password');
    // The password is required once asked for.
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Please input your password')).toBeInTheDocument();

    await user.type(password, 'wrong-one{Enter}');
    expect(await within(dialog).findByText('This password is not correct.')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Password'), 'right-one{Enter}');
    expect(await screen.findByText('Your new API token')).toBeInTheDocument();
    expect(sent.at(-1)).toEqual({
      name: 'CI',
      expiresIn: 90 * 86_400,
      password: 'right-one',
      scopes: ['read', 'watches'],
    });
    // The first try went without a password.
    expect(sent[0]).toEqual({ name: 'CI', expiresIn: 90 * 86_400, scopes: ['read', 'watches'] });
  }, 60_000);

  it("shows the app's message when wrong passwords are used up", async () => {
    fakeApi((url) => {
      const path = pathOf(url);
      if (path === '/api/auth/api-key/list') return { body: { apiKeys: [], total: 0 } };
      if (path === '/api/auth/api-key/create')
        return {
          status: 429,
          body: { code: 'rate_limited', message: 'Too many attempts.', key: 'apiErrors.tooMany' },
        };
      return undefined;
    });
    const { user } = renderIn(<ApiTab />);
    await user.click(await screen.findByRole('button', { name: /Create token/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Name'), 'CI{Enter}');
    expect(
      await within(dialog).findByText('Too many attempts. Please wait a few minutes and try again.'),
    ).toBeInTheDocument();
  });
});

describe('Settings → Security', () => {
  it('says a new password revokes the API tokens, before and after the change', async () => {
    fakeApi((url) => (pathOf(url) === '/api/change-user-password' ? { body: { result: true } } : undefined));
    const { user } = renderIn(<SecurityTab />);
    expect(
      screen.getByText(
        'Changing your password signs you out on your other devices and revokes all your API tokens.',
      ),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('Current password'), 'old-password-1');
    await user.type(screen.getByLabelText('New password'), 'new-password-1');
    await user.type(screen.getByLabelText('Confirm new password'), 'new-password-1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    expect(
      await screen.findByText(
        'Your API tokens have been revoked. Create new ones in Settings → API if your scripts need them.',
      ),
    ).toBeInTheDocument();
  }, 60_000);
});
