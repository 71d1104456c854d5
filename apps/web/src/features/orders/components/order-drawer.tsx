import { Drawer } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryBody } from '../../../lib/query-body';
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
  const title = order.data
    ? t('ordersPage.drawer.title', { order: order.data.order.amazon_order_id })
    : t('ordersPage.drawer.loadingTitle');

  const body = (
    <QueryBody
      query={order}
      notFound={{ title: t('ordersPage.drawer.notFound'), body: t('ordersPage.drawer.notFoundBody') }}
      loadFailed={t('ordersPage.drawer.loadFailed')}
      retry={t('ordersPage.retry')}
      onBack={onClose}
      testId="order"
    >
      {(data) => <OrderView detail={data} now={now} />}
    </QueryBody>
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
