import { canMoveOrder, ORDER_PATH, type OrderDetail, type OrderState } from '@crossmarket/domain';
import { Alert, Flex, Steps, Tag, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Country } from '../../../lib/country';
import { formatMoney } from '../../../lib/format-number';
import { SourceShipsNote } from '../../lanes';
import { BuyerAddress } from './buyer-address';
import { OrderDeadlines } from './order-deadlines';
import { OrderHistory } from './order-history';
import { OrderItem } from './order-item';
import { FlagProblem, MoveButton } from './order-moves';
import { NotFromCrossmarket, OrderStateTag } from './orders-table';
import { ShipmentForm } from './shipment-form';
import { ShipmentStatus } from './shipment-status';

/** The furthest step of the path the order reached: where a problem or a cancellation stopped it. */
function reachedStep(detail: OrderDetail): number {
  const { state } = detail.order;
  const own = ORDER_PATH.indexOf(state);
  if (own >= 0) return own;
  const reached = detail.transitions.map((m) => ORDER_PATH.indexOf(m.to)).filter((i) => i >= 0);
  return reached.length ? Math.max(...reached) : 0;
}

/** A step of the drawer: a heading the section is named by, and what the seller does there. */
function Section({ title, testId, children }: { title: string; testId: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} data-testid={testId}>
      <Typography.Title level={3} id={id} style={{ fontSize: 16, marginTop: 0 }}>
        {title}
      </Typography.Title>
      <Flex vertical gap={12}>
        {children}
      </Flex>
    </section>
  );
}

const BUYING: readonly OrderState[] = ['new', 'to_buy', 'problem'];
const SHIPPING: readonly OrderState[] = ['bought', 'at_forwarder', 'problem'];

/**
 * One order, step by step (issue 60): its state and deadlines; To buy (each item's source, price, stock,
 * forwarder and profit, and its purchase); At the forwarder (the buyer's address for the final leg);
 * Shipped (carrier, tracking, date) and the confirmation to Amazon with its read-back; Delivered; then
 * every move with who made it and when. Amazon's rules are said where the seller meets them: a
 * source-ships lane, a UK order in one shipment, a Ship+ order Amazon confirms itself.
 */
export function OrderView({ detail, now }: { detail: OrderDetail; now: number }) {
  const { t, i18n } = useTranslation();
  const { order, items, shipment } = detail;
  const state = order.state;
  const stopped = state === 'problem' || state === 'cancelled';
  const step = reachedStep(detail);
  const allBought = items.length > 0 && items.every((i) => i.purchase !== null);
  const canBuy = BUYING.includes(state) && !order.policy.source_ships_blocked;
  const confirmationFailed = shipment?.confirmation === 'not_kept' || shipment?.confirmation === 'refused';
  // Partly confirmed in Seller Central: ours would send every item again, so the rest is confirmed there.
  const canShip =
    !order.ship_plus &&
    order.reason !== 'partly_confirmed_elsewhere' &&
    allBought &&
    SHIPPING.includes(state) &&
    (shipment === null || confirmationFailed);

  return (
    <Flex vertical gap={20} data-testid="order-view" data-state={state}>
      <Flex gap={8} wrap align="center">
        <OrderStateTag order={order} />
        <Country code={order.marketplace} />
        {!order.from_crossmarket && <NotFromCrossmarket />}
        {order.ship_plus && <Tag color="purple">{t('ordersPage.drawer.shipPlus')}</Tag>}
        {order.total && (
          <Typography.Text strong>
            {formatMoney(order.total.amount, order.total.currency, i18n.language)}
          </Typography.Text>
        )}
        {order.destination.country && (
          <Typography.Text type="secondary">
            {t('ordersPage.drawer.destination', {
              place: [order.destination.city, order.destination.country].filter(Boolean).join(', '),
            })}
          </Typography.Text>
        )}
      </Flex>

      {state !== 'pending' && state !== 'cancelled' && (
        <Steps
          size="small"
          type="dot"
          titlePlacement="vertical"
          current={step}
          status={stopped ? 'error' : state === 'delivered' ? 'finish' : 'process'}
          items={ORDER_PATH.map((s) => ({ key: s, title: t(`orders.states.${s}`) }))}
          responsive
          data-testid="order-steps"
        />
      )}

      {state === 'pending' && (
        <Alert type="info" showIcon title={t('ordersPage.drawer.pending')} data-testid="order-pending" />
      )}
      {state === 'cancelled' && (
        <Alert
          type="warning"
          showIcon
          data-testid="order-cancelled"
          title={t('ordersPage.drawer.cancelled', {
            reason: order.reason ? t(`orders.reasons.${order.reason}`) : t('orders.states.cancelled'),
          })}
          description={items.some((i) => i.purchase) ? t('ordersPage.drawer.cancelledAfterBuy') : undefined}
        />
      )}
      {state === 'problem' && order.reason && (
        <Alert
          type="error"
          showIcon
          data-testid="order-problem"
          title={t(`orders.reasons.${order.reason}`)}
          description={t(`ordersPage.problems.${order.reason}`, { defaultValue: '' }) || undefined}
        />
      )}
      {state !== 'problem' && order.reason === 'confirmed_elsewhere' && (
        <Alert
          type="info"
          showIcon
          data-testid="order-confirmed-elsewhere"
          title={t('orders.reasons.confirmed_elsewhere')}
          description={t('ordersPage.drawer.confirmedElsewhere')}
        />
      )}
      {order.policy.source_ships_blocked && (
        <div data-testid="order-source-ships">
          <SourceShipsNote />
        </div>
      )}
      {order.ship_plus && <Alert type="info" showIcon title={t('orders.shipPlus')} />}

      <OrderDeadlines order={order} now={now} />

      <Section title={t('ordersPage.steps.toBuy')} testId="step-to-buy">
        {state === 'new' && !order.policy.source_ships_blocked && (
          <div>
            <MoveButton orderId={order.id} to="to_buy" />
          </div>
        )}
        {items.map((item) => (
          <OrderItem key={item.order_item_id} orderId={order.id} item={item} now={now} canBuy={canBuy} />
        ))}
      </Section>

      {(allBought || ['at_forwarder', 'shipped', 'confirmed', 'delivered'].includes(state)) && (
        <Section title={t('ordersPage.steps.forwarder')} testId="step-forwarder">
          <Typography.Paragraph style={{ marginBottom: 0 }}>
            {t('ordersPage.forwarder.policy')}
          </Typography.Paragraph>
          {state === 'bought' && canMoveOrder(state, 'at_forwarder') && (
            <div>
              <MoveButton orderId={order.id} to="at_forwarder" />
            </div>
          )}
          {state !== 'cancelled' && <BuyerAddress order={order} />}
        </Section>
      )}

      {(canShip || shipment) && (
        <Section title={t('ordersPage.steps.shipped')} testId="step-shipped">
          {shipment && <ShipmentStatus shipment={shipment} />}
          {canShip && <ShipmentForm detail={detail} now={now} again={confirmationFailed} />}
        </Section>
      )}
      {!canShip && !shipment && SHIPPING.includes(state) && !allBought && state !== 'problem' && (
        <Typography.Text type="secondary">{t('ordersPage.shipment.recordPurchaseFirst')}</Typography.Text>
      )}

      {(state === 'confirmed' || state === 'delivered') && (
        <Section title={t('ordersPage.steps.delivered')} testId="step-delivered">
          {state === 'delivered' ? (
            <Typography.Text data-testid="order-delivered">{t('ordersPage.delivered.done')}</Typography.Text>
          ) : (
            <>
              <Typography.Text>{t('ordersPage.delivered.waiting')}</Typography.Text>
              <div>
                <MoveButton orderId={order.id} to="delivered" />
              </div>
            </>
          )}
        </Section>
      )}

      <Section title={t('ordersPage.steps.history')} testId="step-history">
        <OrderHistory transitions={detail.transitions} />
      </Section>

      {canMoveOrder(state, 'problem') && state !== 'problem' && (
        <Flex justify="flex-end">
          <FlagProblem orderId={order.id} />
        </Flex>
      )}
    </Flex>
  );
}
