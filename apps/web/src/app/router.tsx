import type { RouteObject } from 'react-router';
import { ErrorPage } from './error-page';
import { RootLayout } from './root-layout';

/** Every page is lazy-loaded; features add their routes here as they are built. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    children: [
      {
        path: '*',
        lazy: async () => ({ Component: (await import('./not-found-page')).NotFoundPage }),
      },
    ],
  },
];
