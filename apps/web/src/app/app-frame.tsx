import { App as AntApp } from 'antd';
import { Outlet } from 'react-router';

/**
 * antd's App (what `App.useApp()` returns: message, notification, modal) for every route but the
 * sign-in, sign-up and passwordless pages, which hold their own message hooks. Its modal and
 * notification code is not needed to draw the sign-in form, so it loads with the routes under it. The
 * root layout draws the base text style App's wrapper used to give.
 */
export function AppFrame() {
  return (
    <AntApp component={false}>
      <Outlet />
    </AntApp>
  );
}
