import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
// react-router/dom's provider can apply a navigation in ReactDOM.flushSync (the `flushSync` option).
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { routes } from './app/router';
import { i18nReady } from './i18n';
import './index.css';

const router = createBrowserRouter(routes);

// The first paint waits for the interface language (the public pages' English is bundled; Turkish is fetched).
void i18nReady.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  ),
);
