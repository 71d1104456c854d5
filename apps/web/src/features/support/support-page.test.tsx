import { render, screen, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import i18next from 'i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers';
import '../../i18n';
import { fakeApi } from '../../test/fake-api';
import { GuideArticlePage } from './guide-article-page';
import { SupportPage } from './support-page';

const posts = (
  kind: string,
  source: string,
  status = 'ok',
  list: { title: string; link: string }[] = [],
) => ({
  body: { kind, source, status, posts: list },
});

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/support', element: <SupportPage /> },
      { path: '/support/guide/:slug', element: <GuideArticlePage /> },
    ],
    { initialEntries: [path] },
  );
  const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  render(
    <AppProviders>
      <AntApp>
        <RouterProvider router={router} />
      </AntApp>
    </AppProviders>,
  );
  return { router, user };
}

/** The defaults of a fresh install: no WordPress, no channel. */
const builtIn = (url: string) => {
  if (url.startsWith('/api/support/posts?kind=kb')) return posts('kb', 'guide');
  if (url.startsWith('/api/support/posts?kind=blog')) return posts('blog', 'none');
  if (url === '/api/get-yt-videos') return { body: { status: 'disabled', videos: [] } };
  return undefined;
};

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage('en');
});

describe('the support centre', () => {
  it('lists the built-in guide, hides the blog and videos, and opens an article', async () => {
    const fetch = fakeApi(builtIn);
    const { user, router } = renderAt('/support');
    expect(screen.getByRole('heading', { name: 'Support Center' })).toBeInTheDocument();
    expect(document.title).toBe('Crossmarket - Support');
    const guide = await screen.findByTestId('support-kb');
    expect(await within(guide).findByText('Crossmarket Guide')).toBeInTheDocument();
    const titles = within(guide)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(titles).toEqual([
      'Getting started with Crossmarket',
      'Creating a report',
      'Filters',
      'Pricing rules',
      'Exports',
      'Inventories',
    ]);
    expect(screen.queryByTestId('support-blog')).not.toBeInTheDocument();
    expect(screen.queryByTestId('support-videos')).not.toBeInTheDocument();
    expect(fetch.mock.calls.map(([url]) => String(url))).toContain('/api/support/posts?kind=kb&lang=en');

    await user.click(within(guide).getByRole('link', { name: 'Pricing rules' }));
    expect(router.state.location.pathname).toBe('/support/guide/pricing-rules');
    expect(await screen.findByRole('heading', { name: 'Pricing rules', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Profit rates', level: 3 })).toBeInTheDocument();
    expect(screen.getByText('Prorated PPR', { selector: 'strong' })).toBeInTheDocument();
    expect(document.title).toBe('Crossmarket - Pricing rules');
    await user.click(screen.getByRole('link', { name: 'Exports' }));
    expect(router.state.location.pathname).toBe('/support/guide/exports');
  });

  it("lists the sites' posts as links to new tabs, says when one is unavailable, and shows the videos", async () => {
    fakeApi((url) => {
      if (url.startsWith('/api/support/posts?kind=kb'))
        return posts('kb', 'wordpress', 'ok', [
          { title: 'How to read PPR', link: 'https://kb.example.com/ppr/' },
          { title: 'Finding good products', link: 'https://kb.example.com/products/' },
        ]);
      if (url.startsWith('/api/support/posts?kind=blog')) return posts('blog', 'wordpress', 'unavailable');
      if (url === '/api/get-yt-videos')
        return {
          body: {
            status: 'ok',
            videos: [
              {
                id: 'vid0000000A',
                link: 'https://www.youtube.com/watch?v=vid0000000A',
                title: 'Filters & settings',
                thumbnail: 'https://i.ytimg.com/vi/vid0000000A/hqdefault.jpg',
              },
            ],
          },
        };
      return undefined;
    });
    renderAt('/support');
    const kb = await screen.findByTestId('support-kb');
    expect(within(kb).getByText('Knowledge Base')).toBeInTheDocument();
    const link = await within(kb).findByRole('link', { name: 'How to read PPR (opens in a new tab)' });
    expect(link).toHaveAttribute('href', 'https://kb.example.com/ppr/');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    const blog = screen.getByTestId('support-blog');
    expect(
      await within(blog).findByText('This section is unavailable right now. Please try again later.'),
    ).toBeInTheDocument();
    const video = await screen.findByRole('link', {
      name: 'Watch Filters & settings on YouTube (opens in a new tab)',
    });
    expect(video).toHaveAttribute('href', 'https://www.youtube.com/watch?v=vid0000000A');
    expect(within(video).getByRole('presentation')).toHaveAttribute(
      'src',
      'https://i.ytimg.com/vi/vid0000000A/hqdefault.jpg',
    );
  });

  it('asks for Turkish posts and shows the Turkish guide', async () => {
    await i18next.changeLanguage('tr');
    const fetch = fakeApi(builtIn);
    renderAt('/support');
    const guide = await screen.findByTestId('support-kb');
    expect(await within(guide).findByRole('link', { name: "Crossmarket'e başlarken" })).toBeInTheDocument();
    expect(fetch.mock.calls.map(([url]) => String(url))).toContain('/api/support/posts?kind=kb&lang=tr');
    expect(screen.getByRole('button', { name: 'Evet, yardıma ihtiyacım var' })).toBeInTheDocument();
  });

  it('opens the ticket drawer from "Yes, I need help"', async () => {
    fakeApi(builtIn);
    const { user } = renderAt('/support');
    await user.click(screen.getByRole('button', { name: 'Yes, I need help' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('Support Ticket')).toBeInTheDocument();
    expect(within(drawer).getByRole('combobox', { name: 'Topic' })).toBeInTheDocument();
  });

  it('says so for an unknown article', async () => {
    fakeApi(builtIn);
    renderAt('/support/guide/nothing-here');
    expect(await screen.findByText('This article was not found.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to support' })).toBeInTheDocument();
  });
});
