import type { OrderTransition } from '@crossmarket/domain';
import { Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { sellerDateTime } from '../deadline';

/** Every move the order made, newest first: from → to, who (you, Crossmarket, Amazon), why, when. */
export function OrderHistory({ transitions }: { transitions: OrderTransition[] }) {
  const { t } = useTranslation();
  const newestFirst = [...transitions].sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
  return (
    <Timeline
      data-testid="order-history"
      items={newestFirst.map((m, i) => ({
        key: `${m.at}-${i}`,
        color: m.to === 'problem' || m.to === 'cancelled' ? 'red' : m.to === 'delivered' ? 'green' : 'blue',
        content: (
          <>
            <Typography.Text strong>
              {m.from
                ? t('ordersPage.history.move', {
                    from: t(`orders.states.${m.from}`),
                    to: t(`orders.states.${m.to}`),
                  })
                : t('ordersPage.history.arrived', { to: t(`orders.states.${m.to}`) })}
            </Typography.Text>
            <br />
            <Typography.Text type="secondary">
              {t('ordersPage.history.by', { actor: t(`orders.actors.${m.actor}`) })} ·{' '}
              <time dateTime={m.at}>{sellerDateTime(m.at)}</time>
            </Typography.Text>
            {m.reason && (
              <>
                <br />
                <Typography.Text>{t(`orders.reasons.${m.reason}`)}</Typography.Text>
              </>
            )}
            {m.note && (
              <>
                <br />
                <Typography.Text italic>{m.note}</Typography.Text>
              </>
            )}
          </>
        ),
      }))}
    />
  );
}
