import { Outlet } from 'react-router';
import { useMe } from '../features/account/api/use-me';
import { NotFoundPage } from './not-found-page';
import { PageLoader } from './root-layout';

/**
 * The console's routes: anyone but an operator sees the page of an unknown address (the server answers
 * their /admin requests with a 404 too, and every /api/admin call as well; this is only the drawing).
 */
export function OperatorOnly() {
  const { data: me, isLoading } = useMe();
  if (isLoading) return <PageLoader />;
  return me?.user_data.role === 'operator' ? <Outlet /> : <NotFoundPage />;
}
