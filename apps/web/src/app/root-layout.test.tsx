import { act, render, screen } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { memo, useContext } from 'react';
import { createMemoryRouter, RouterProvider, useNavigate } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RootLayout } from './root-layout';
import { ThemeProvider } from './theme';

const rendered = vi.fn();
/** Stands for every antd component on a page: it reads antd's configuration and is memoised. */
const ConfigReader = memo(function ConfigReader() {
  useContext(ConfigProvider.ConfigContext);
  rendered();
  return null;
});

function Page() {
  const navigate = useNavigate();
  return (
    <>
      <ConfigReader />
      <button onClick={() => void navigate('/?f=abc')}>apply</button>
    </>
  );
}

describe('RootLayout', () => {
  it('gives antd the same configuration across a navigation, so memoised parts of the page skip it', async () => {
    const router = createMemoryRouter([
      { element: <RootLayout />, children: [{ path: '/', element: <Page /> }] },
    ]);
    render(
      <ThemeProvider>
        <RouterProvider router={router} />
      </ThemeProvider>,
    );
    await screen.findByText('apply');
    const before = rendered.mock.calls.length;
    expect(before).toBeGreaterThan(0);
    await act(async () => screen.getByText('apply').click());
    expect(router.state.location.search).toBe('?f=abc');
    expect(rendered).toHaveBeenCalledTimes(before);
  });
});
