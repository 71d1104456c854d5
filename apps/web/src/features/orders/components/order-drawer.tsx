import { Alert, Button, Drawer, Flex, Result, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { OrderMoneyButton } from '../../money';
import { useOrder } from '../api/orders';
import { OrderView } from './order-view';

/**
 * `/orders/:orderId`'s drawer over the list: the order step by step, or that it is not there (another
 * seller's order answers 404 as a missing one does), or why it could not be read.
 */
export function OrderDrawer({
  orderId,
  now,
  onClose,
}: {
  orderId: string | null;
  now: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  // What was shown stays while the drawer slides out after the route has dropped it.
  const [shown, setShown] = useState(orderId);
  if (orderId && orderId !== shown) setShown(orderId);
  const order = useOrder(shown ?? undefined);
  const notFound = order.error instanceof ApiError && order.error.status === 404;
  const title = order.data
    ? t('ordersPage.drawer.title', { order: order.data.order.amazon_order_id })
    : t('ordersPage.drawer.loadingTitle');

  let body: React.ReactNode;
  if (order.data) body = <OrderView detail={order.data} now={now} />;
  else if (notFound)
    body = (
      <Result
        status="404"
        title={t('ordersPage.drawer.notFound')}
        subTitle={t('ordersPage.drawer.notFoundBody')}
        extra={<Button onClick={onClose}>{t('common.back')}</Button>}
        data-testid="order-not-found"
      />
    );
  else if (order.isError)
    body = (
      <Alert
        type="error"
        showIcon
        title={errorMessage(order.error, t, { fallback: t('ordersPage.drawer.loadFailed') })}
        action={
          <Button size="small" onClick={() => void order.refetch()}>
            {t('ordersPage.retry')}
          </Button>
        }
        data-testid="order-error"
      />
    );
  else
    body = (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin aria-label={t('common.loading')} />
      </Flex>
    );

  return (
    <Drawer
      title={title}
      aria-label={title}
      open={orderId !== null}
      onClose={onClose}
      // What Amazon paid for the order against the estimate (the money feature's drawer, over this one).
      extra={order.data && <OrderMoneyButton orderId={order.data.order.id} />}
      size={760}
      destroyOnHidden
      data-testid="order-drawer"
    >
      {body}
    </Drawer>
  );
}
