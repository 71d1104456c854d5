import { Alert, Button, Drawer, Flex, Result, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
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
  const notFound = money.error instanceof ApiError && money.error.status === 404;
  const title = money.data
    ? t('money.order.title', { order: money.data.amazon_order_id })
    : t('money.order.loadingTitle');

  let body: React.ReactNode;
  if (money.data) body = <OrderMoneyView money={money.data} orderId={shown?.orderId ?? null} />;
  else if (notFound)
    body = (
      <Result
        status="404"
        title={t('money.order.notFound')}
        subTitle={t('money.order.notFoundBody')}
        extra={<Button onClick={onClose}>{t('common.back')}</Button>}
        data-testid="order-money-not-found"
      />
    );
  else if (money.isError)
    body = (
      <Alert
        type="error"
        showIcon
        title={errorMessage(money.error, t, { fallback: t('money.order.loadFailed') })}
        action={
          <Button size="small" onClick={() => void money.refetch()}>
            {t('money.retry')}
          </Button>
        }
        data-testid="order-money-error"
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
