import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../i18n';
import en from '../i18n/en.json';
import tr from '../i18n/tr.json';
import { fakeApi, meFixture, signedOut } from '../test/fake-api';
import { AppProviders } from './providers';
import { routes } from './router';

// better-auth's client keeps the fetch it first saw; a test answers for it here instead.
const signInEmail = vi.hoisted(() =>
  vi.fn(async () => ({ error: { code: 'INVALID_EMAIL_OR_PASSWORD', status: 401, message: 'refused' } })),
);
vi.mock('../lib/auth-client', () => ({ authClient: { signIn: { email: signInEmail } } }));

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

describe('routes', () => {
  it('sends a visitor to the login page from any signed-in page', async () => {
    fakeApi(signedOut);
    const router = renderAt('/settings/profile');
    expect(await screen.findByRole('heading', { name: 'Sign in to Crossmarket' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(document.title).toBe('Crossmarket - Login');
  });

  it('greets a signed-in user at home with the remaining quota', async () => {
    fakeApi((url) => (url === '/api/me' ? { body: meFixture() } : undefined));
    renderAt('/');
    expect(await screen.findByRole('heading', { name: 'Hello, Ayşe' })).toBeInTheDocument();
    expect(screen.getByText('3,800')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/settings/billing');
  });

  it('shows the not-found page inside the shell, titled "Crossmarket - Not Found"', async () => {
    fakeApi((url) => (url === '/api/me' ? { body: meFixture() } : undefined));
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(document.title).toBe('Crossmarket - Not Found');
  });

  it('switches the login page and its title to Turkish', async () => {
    fakeApi(signedOut);
    renderAt('/login');
    await screen.findByRole('heading', { name: 'Sign in to Crossmarket' });
    await act(() => changeLanguage('tr'));
    expect(await screen.findByRole('heading', { name: "Crossmarket'e giriş yapın" })).toBeInTheDocument();
    expect(document.title).toBe('Crossmarket - Giriş');
    expect(document.documentElement.lang).toBe('tr');
  });

  it('validates the sign-up form with the domain schema and its messages', async () => {
    fakeApi(signedOut);
    renderAt('/signup');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Please input your e-mail')).toBeInTheDocument();
    expect(await screen.findByText('Please input your password')).toBeInTheDocument();
    expect(await screen.findByText('Please confirm your password')).toBeInTheDocument();
  });

  it('validates the login form with the domain schema and marks the field invalid', async () => {
    fakeApi(signedOut);
    renderAt('/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Please input your e-mail')).toBeInTheDocument();
    expect(screen.getByText('Please input your password')).toBeInTheDocument();
    const email = screen.getByLabelText('E-mail');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    await user.type(email, 'ayse@example.com');
    await waitFor(() => expect(screen.queryByText('Please input your e-mail')).not.toBeInTheDocument());
    expect(email).not.toHaveAttribute('aria-invalid');
  });

  it('shows a refused sign-in as a translated message', async () => {
    fakeApi(signedOut);
    renderAt('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('E-mail'), 'ayse@example.com');
    await user.type(screen.getByLabelText('Password'), 'not-the-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Invalid e-mail or password')).toBeInTheDocument();
    expect(signInEmail).toHaveBeenCalledWith({ email: 'ayse@example.com', password: 'not-the-password' });
  });
});

describe('translations', () => {
  const keys = (o: object, prefix = ''): string[] =>
    Object.entries(o).flatMap(([k, v]) =>
      v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
    );

  it('has every English key in Turkish and no Turkish-only key', () => {
    expect(keys(tr).sort()).toEqual(keys(en).sort());
  });
});
