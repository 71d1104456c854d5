import { lazy, Suspense } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useMe } from '../features/account/api/use-me';
import { ErrorResult } from './error-result';
import { decideGate } from './gating';
import { PublicFeedback } from '../lib/public-feedback';
import { PageLoader } from './root-layout';

// The billing screens behind the lockout are a chunk of their own: the sign-in route never loads them.
const LockedOutPage = lazy(() =>
  import('../features/settings/locked-out-page').then((m) => ({ default: m.LockedOutPage })),
);

/** Every signed-in route sits under this: it loads the account and applies the gating rules. */
export function AccountGate() {
  const { data: me, isPending, isError, refetch } = useMe();
  const location = useLocation();
  const { t } = useTranslation();
  if (isPending) return <PageLoader />;
  if (isError) {
    return (
      <ErrorResult
        title={t('errors.loadAccount')}
        extra={<Button onClick={() => void refetch()}>{t('common.retry')}</Button>}
      />
    );
  }
  const decision = decideGate(me, location.pathname);
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'lockout')
    return (
      <Suspense fallback={<PageLoader />}>
        <LockedOutPage />
      </Suspense>
    );
  return <Outlet />;
}

/** Sign-up, sign-in and passwordless pages: a signed-in user goes home instead. */
export function PublicOnly() {
  const { data: me, isPending } = useMe();
  if (isPending) return <PageLoader />;
  if (me) return <Navigate to="/" replace />;
  return (
    <PublicFeedback>
      <Outlet />
    </PublicFeedback>
  );
}
