import { Button, Drawer } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryBody } from '../../../lib/query-body';
import { useOrderMoney, type OrderMoneyRef } from '../api/money';
import { OrderMoneyView } from './order-money-view';

/** Which order the drawer shows, and the orders' own id when Crossmarket follows it (for its costs). */
export type OrderMoneyTarget = { ref: OrderMoneyRef; orderId: string | null };

/**
 * An order's estimate against its actual in a drawer: from the Money page's lists and from the orders
 * drawer. An order with no money recorded (or another seller's) answers 404, shown as such.
 */
export function OrderMoneyDrawer({
  target,
  onClose,
}: {
  target: OrderMoneyTarget | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  // What was shown stays while the drawer slides out after the target has gone.
  const [shown, setShown] = useState(target);
  if (target && target !== shown && JSON.stringify(target) !== JSON.stringify(shown)) setShown(target);
  const money = useOrderMoney(shown?.ref ?? null);
  const title = money.data
    ? t('money.order.title', { order: money.data.amazon_order_id })
    : t('money.order.loadingTitle');

  const body = (
    <QueryBody
      query={money}
      notFound={{ title: t('money.order.notFound'), body: t('money.order.notFoundBody') }}
      loadFailed={t('money.order.loadFailed')}
      retry={t('money.retry')}
      onBack={onClose}
      testId="order-money"
    >
      {(data) => <OrderMoneyView money={data} orderId={shown?.orderId ?? null} />}
    </QueryBody>
  );

  return (
    <Drawer
      title={title}
      aria-label={title}
      open={target !== null}
      onClose={onClose}
      size={820}
      destroyOnHidden
      data-testid="order-money-drawer"
    >
      {body}
    </Drawer>
  );
}

/** The orders drawer's way in: a button opening the order's money over it. */
export function OrderMoneyButton({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="order-money-open">
        {t('money.order.open')}
      </Button>
      <OrderMoneyDrawer target={open ? { ref: { orderId }, orderId } : null} onClose={() => setOpen(false)} />
    </>
  );
}
