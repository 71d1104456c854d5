import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { renderRoutes } from '../../../test/render-routes';
import { OrdersPage } from '../orders-page';

/** The Orders page at `path` (`/orders`, `/orders/:orderId` with its drawer), as the router draws it. */
export const renderOrders = (path: string) =>
  renderRoutes(
    ['/orders', '/orders/:orderId'].map((p) => ({ path: p, element: <OrdersPage /> })),
    path,
  );

/**
 * The drawer by its label, not by role and name: computing every element's name on a large page outlasts
 * the query's timeout under jsdom.
 */
export const findDrawer = (label: string) =>
  waitFor(() => {
    const found = document.querySelector<HTMLElement>(`[role="dialog"][aria-label="${label}"]`);
    expect(found).not.toBeNull();
    return found!;
  });
