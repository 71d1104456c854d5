import { render } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '../app/providers';
import '../i18n';

/**
 * Pages drawn by a memory router at `path` under the app's providers and antd's App, as the router draws
 * them; the user types without the pointer-events check (antd's styles make it slow in jsdom).
 */
export function renderRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
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
