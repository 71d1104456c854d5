import { Navigate, type RouteObject } from 'react-router';
import { textsReady } from '../i18n';
import { AccountGate, PublicOnly } from './account-gate';
import { ErrorPage } from './error-page';
import type { RouteHandle } from './route-handle';
import { PageLoader, RootLayout } from './root-layout';

const light: RouteHandle = { forceLight: true };
// Each page is its own chunk: the sign-in route loads only what sign-in needs.
const page =
  <M,>(load: () => Promise<M>, pick: (m: M) => React.ComponentType) =>
  async () => ({ Component: pick(await load()) });

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    HydrateFallback: PageLoader,
    children: [
      {
        element: <PublicOnly />,
        handle: light,
        children: [
          {
            path: '/signup',
            lazy: page(
              () => import('../features/auth/signup-page'),
              (m) => m.SignupPage,
            ),
          },
          {
            path: '/login/:sessionStatus?',
            lazy: page(
              () => import('../features/auth/login-page'),
              (m) => m.LoginPage,
            ),
          },
          {
            path: '/passwordless-login',
            lazy: page(
              () => import('../features/auth/passwordless-page'),
              (m) => m.PasswordlessPage,
            ),
          },
        ],
      },
      {
        // antd's App for every route below (the public pages above hold their own message hooks), and all
        // texts of the interface language, of which the entry chunk carries only the public pages'.
        lazy: page(
          () => Promise.all([import('./app-frame'), textsReady()]),
          ([m]) => m.AppFrame,
        ),
        children: [
          {
            path: '/terms',
            handle: light,
            lazy: page(
              () => import('../features/legal/legal-page'),
              (m) => () => <m.LegalPage kind="terms" />,
            ),
          },
          {
            path: '/privacy',
            handle: light,
            lazy: page(
              () => import('../features/legal/legal-page'),
              (m) => () => <m.LegalPage kind="privacy" />,
            ),
          },
          {
            element: <AccountGate />,
            children: [
              {
                path: '/logout',
                handle: light,
                lazy: page(
                  () => import('../features/auth/logout-page'),
                  (m) => m.LogoutPage,
                ),
              },
              {
                path: '/welcome',
                handle: light,
                lazy: async () => {
                  const [{ WelcomePage }, { checkoutSeam }] = await Promise.all([
                    import('../features/welcome/welcome-page'),
                    import('../features/billing/checkout-seam'),
                  ]);
                  return { Component: () => <WelcomePage checkout={checkoutSeam} /> };
                },
              },
              {
                path: '/suspended',
                handle: light,
                lazy: page(
                  () => import('../features/suspended/suspended-page'),
                  (m) => m.SuspendedPage,
                ),
              },
              {
                lazy: page(
                  () => import('./layout/app-layout'),
                  (m) => m.AppLayout,
                ),
                children: [
                  {
                    index: true,
                    lazy: page(
                      () => import('../features/home/home-page'),
                      (m) => m.HomePage,
                    ),
                  },
                  {
                    path: '/reports',
                    lazy: page(
                      () => import('../features/reports/reports-page'),
                      (m) => m.ReportsPage,
                    ),
                  },
                  {
                    path: '/reports/:reportId',
                    lazy: page(
                      () => import('../features/report-detail/report-detail-page'),
                      (m) => m.ReportDetailPage,
                    ),
                  },
                  {
                    path: '/filter-sets/:filterSetId?',
                    lazy: page(
                      () => import('../features/filter-sets/filter-sets-page'),
                      (m) => m.FilterSetsPage,
                    ),
                  },
                  // The list; /inventories/new opens the Create New drawer over it and
                  // /inventories/:inventoryId/settings an inventory's Settings drawer.
                  ...['/inventories', '/inventories/new', '/inventories/:inventoryId/settings'].map(
                    (path): RouteObject => ({
                      path,
                      lazy: page(
                        () => import('../features/inventories/inventories-page'),
                        (m) => m.InventoriesPage,
                      ),
                    }),
                  ),
                  {
                    path: '/inventories/:inventoryId',
                    lazy: page(
                      () => import('../features/inventories/inventory-view-page'),
                      (m) => m.InventoryViewPage,
                    ),
                  },
                  // The list; /orders/:orderId opens an order's drawer over it.
                  ...['/orders', '/orders/:orderId'].map((path): RouteObject => ({
                    path,
                    lazy: page(
                      () => import('../features/orders/orders-page'),
                      (m) => m.OrdersPage,
                    ),
                  })),
                  {
                    path: '/money',
                    lazy: page(
                      () => import('../features/money/money-page'),
                      (m) => m.MoneyPage,
                    ),
                  },
                  {
                    path: '/tools',
                    lazy: page(
                      () => import('../features/tools/tools-page'),
                      (m) => m.ToolsPage,
                    ),
                  },
                  { path: '/settings', element: <Navigate to="/settings/profile" replace /> },
                  {
                    path: '/settings/:tab',
                    lazy: page(
                      () => import('../features/settings/settings-page'),
                      (m) => m.SettingsPage,
                    ),
                  },
                  {
                    path: '/notifications',
                    lazy: page(
                      () => import('../features/watches/notifications-page'),
                      (m) => m.NotificationsPage,
                    ),
                  },
                  {
                    path: '/support',
                    lazy: page(
                      () => import('../features/support/support-page'),
                      (m) => m.SupportPage,
                    ),
                  },
                  {
                    path: '/support/guide/:slug',
                    lazy: page(
                      () => import('../features/support/guide-article-page'),
                      (m) => m.GuideArticlePage,
                    ),
                  },
                  {
                    // The operator console: anyone else sees the page of an unknown address.
                    lazy: page(
                      () => import('./operator-only'),
                      (m) => m.OperatorOnly,
                    ),
                    children: [
                      { path: '/admin', element: <Navigate to="/admin/users" replace /> },
                      {
                        path: '/admin/users',
                        lazy: page(
                          () => import('../features/admin/users-page'),
                          (m) => m.AdminUsersPage,
                        ),
                      },
                      {
                        path: '/admin/users/:userId',
                        lazy: page(
                          () => import('../features/admin/user-page'),
                          (m) => m.AdminUserPage,
                        ),
                      },
                      {
                        path: '/admin/tickets',
                        lazy: page(
                          () => import('../features/admin/tickets-page'),
                          (m) => m.AdminTicketsPage,
                        ),
                      },
                      {
                        path: '/admin/tickets/:ticketId',
                        lazy: page(
                          () => import('../features/admin/ticket-page'),
                          (m) => m.AdminTicketPage,
                        ),
                      },
                      {
                        path: '/admin/audit',
                        lazy: page(
                          () => import('../features/admin/audit-page'),
                          (m) => m.AdminAuditPage,
                        ),
                      },
                      {
                        path: '/admin/work',
                        lazy: page(
                          () => import('../features/admin/work-page'),
                          (m) => m.AdminWorkPage,
                        ),
                      },
                      {
                        path: '/admin/system',
                        lazy: page(
                          () => import('../features/admin/system-page'),
                          (m) => m.AdminSystemPage,
                        ),
                      },
                    ],
                  },
                  {
                    path: '*',
                    lazy: page(
                      () => import('./not-found-page'),
                      (m) => m.NotFoundPage,
                    ),
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];
