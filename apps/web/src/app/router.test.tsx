import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../i18n';
import en from '../i18n/en.json';
import tr from '../i18n/tr.json';
import { AppProviders } from './providers';
import { routes } from './router';

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

afterEach(async () => {
  await changeLanguage('en');
});

describe('routes', () => {
  it('shows the not-found page, titled "Crossmarket - Not Found", for an unknown path', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back Home' })).toHaveAttribute('href', '/');
    expect(document.title).toBe('Crossmarket - Not Found');
  });

  it('switches the page and its title to Turkish', async () => {
    renderAt('/nowhere');
    await screen.findByRole('heading', { name: 'Page not found' });
    await act(() => changeLanguage('tr'));
    expect(await screen.findByRole('heading', { name: 'Sayfa bulunamadı' })).toBeInTheDocument();
    expect(document.title).toBe('Crossmarket - Sayfa Bulunamadı');
    expect(document.documentElement.lang).toBe('tr');
    expect(window.localStorage.getItem('crossmarket.language')).toBe('tr');
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
