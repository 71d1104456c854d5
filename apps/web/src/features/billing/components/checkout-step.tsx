import { applyCoupon, type BillingCoupon } from '@crossmarket/domain';
import { Alert, App, Button, Descriptions, Divider, Form, Input, Space, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { formatMoney } from '../../../lib/format-number';
import type { PlanCard } from '../../plans';
import { checkCoupon, createSubscription, paidPayments, type CardValues } from '../api/billing';
import { CardEntryProvider } from './card-entry';
import { useCardEntry } from './card-entry-context';
import { randomKey } from './random-key';

export const PAYMENT_POLL_MS = 3000;
type Phase = 'form' | 'receiving' | 'approving';

/**
 * Step 3: the total (coupon checked on the server), the card, then the waiting notices while the payment
 * is recorded; it polls every 3 seconds for a paid Payments row, then calls `onPaid`.
 */
export function CheckoutStep(props: { plan: PlanCard; onPaid: () => void }) {
  return (
    <CardEntryProvider>
      <CheckoutForm {...props} />
    </CardEntryProvider>
  );
}

function CheckoutForm({ plan, onPaid }: { plan: PlanCard; onPaid: () => void }) {
  const { t, i18n } = useTranslation();
  const entry = useCardEntry();
  const { message } = App.useApp();
  const [coupon, setCoupon] = useState<BillingCoupon | null>(null);
  const [couponCode, setCouponCode] = useState('');
  const [checking, setChecking] = useState(false);
  const [phase, setPhase] = useState<Phase>('form');
  const [error, setError] = useState<string | null>(null);
  // One key per plan and coupon: retrying with another card reuses the same pending payment.
  const attempt = useRef(randomKey());
  const paidBefore = useRef(0);
  const total = applyCoupon(plan.monthly_price, coupon);

  useEffect(() => {
    if (phase === 'form') return;
    let stopped = false;
    const poll = async () => {
      const paid = await paidPayments().catch(() => null);
      if (stopped) return;
      // A renewing account already has paid rows: wait for one more than before this payment.
      if (paid && paid.length > paidBefore.current) onPaid();
      else timer = setTimeout(poll, PAYMENT_POLL_MS);
    };
    let timer = setTimeout(poll, PAYMENT_POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [phase, onPaid]);

  const applyCode = async () => {
    if (!couponCode.trim()) return;
    setChecking(true);
    try {
      const res = await checkCoupon(couponCode.trim(), plan.price_id ?? undefined);
      if (res.result && res.coupon) {
        setCoupon(res.coupon);
        attempt.current = randomKey();
        message.success(t('checkout.couponApplied'), 3);
      } else {
        setCoupon(null);
        message.error(t('checkout.couponNotFound'), 3);
      }
    } catch (e) {
      message.error(errorMessage(e, t), 3);
    } finally {
      setChecking(false);
    }
  };

  const pay = async (card: CardValues) => {
    setError(null);
    paidBefore.current = (await paidPayments().catch(() => [])).length;
    setPhase('receiving');
    try {
      const created = await createSubscription({
        price_id: plan.price_id!,
        active_coupon: coupon?.code ?? null,
        free_user: true,
        idempotency_key: attempt.current,
      });
      const confirmed = await entry.pay(created.client_secret, card);
      if (!confirmed.ok) {
        setPhase('form');
        setError(confirmed.msg);
        return;
      }
      setPhase('approving');
    } catch (e) {
      setPhase('form');
      setError(t('checkout.failed', { error: errorMessage(e, t) }));
    }
  };

  const waiting = phase !== 'form';
  return (
    <div style={{ maxWidth: 480, margin: '0 auto' }}>
      {waiting && (
        <Space orientation="vertical" align="center" style={{ width: '100%', padding: 32 }}>
          <Spin size="large" />
          <Alert
            type="info"
            showIcon
            title={phase === 'receiving' ? t('checkout.receiving') : t('checkout.approving')}
            data-testid="payment-waiting"
          />
        </Space>
      )}
      {/* Hidden, not unmounted, while paying: a declined card leaves the details in place to correct. */}
      <div hidden={waiting}>
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label={t('checkout.plan')}>{plan.name}</Descriptions.Item>
          <Descriptions.Item label={t('checkout.price')}>
            {formatMoney(plan.monthly_price / 100, 'USD', i18n.language)}
          </Descriptions.Item>
          <Descriptions.Item label={t('checkout.total')}>
            <Typography.Text strong data-testid="checkout-total">
              {formatMoney(total / 100, 'USD', i18n.language)}
            </Typography.Text>
          </Descriptions.Item>
        </Descriptions>
        <Space.Compact style={{ width: '100%', marginTop: 16 }}>
          <Input
            aria-label={t('checkout.coupon')}
            placeholder={t('checkout.coupon')}
            value={couponCode}
            onChange={(e) => setCouponCode(e.target.value)}
            onPressEnter={() => void applyCode()}
          />
          <Button onClick={() => void applyCode()} loading={checking}>
            {t('checkout.apply')}
          </Button>
        </Space.Compact>
        <Divider />
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
        <Form name="checkout" layout="vertical" onFinish={pay}>
          <entry.Input />
          {entry.sandbox && (
            <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
              {t('checkout.sandboxHint')}
            </Typography.Paragraph>
          )}
          <Button type="primary" htmlType="submit" block size="large">
            {t('checkout.pay', { total: formatMoney(total / 100, 'USD', i18n.language) })}
          </Button>
        </Form>
      </div>
    </div>
  );
}
