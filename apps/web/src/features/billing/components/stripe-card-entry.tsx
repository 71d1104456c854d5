import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js';
import { Form, theme } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { changePaymentMethod, createSetupIntent } from '../api/billing';
import { CardEntryContext, type CardEntry } from './card-entry-context';

function StripeCardInput() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Form.Item label={t('checkout.cardNumber')} required>
      <div
        data-testid="stripe-card"
        style={{
          padding: '8px 11px',
          border: `1px solid ${token.colorBorder}`,
          borderRadius: token.borderRadius,
        }}
      >
        <CardElement
          options={{
            hidePostalCode: true,
            style: { base: { color: token.colorText, fontSize: `${token.fontSize}px` } },
          }}
        />
      </div>
    </Form.Item>
  );
}

function StripeBridge({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const stripe = useStripe();
  const elements = useElements();
  const entry = useMemo<CardEntry>(() => {
    const card = () => elements?.getElement(CardElement) ?? null;
    const notReady = { ok: false, msg: t('checkout.stripeLoading') };
    return {
      Input: StripeCardInput,
      sandbox: false,
      pay: async (clientSecret) => {
        // Nothing to pay (a 100% coupon): Stripe activates the subscription without a payment.
        if (!clientSecret) return { ok: true, msg: '' };
        const element = card();
        if (!stripe || !element) return notReady;
        const res = await stripe.confirmCardPayment(clientSecret, { payment_method: { card: element } });
        return res.error ? { ok: false, msg: res.error.message ?? '' } : { ok: true, msg: '' };
      },
      saveCard: async () => {
        const element = card();
        if (!stripe || !element) return notReady;
        const { client_secret } = await createSetupIntent();
        const res = await stripe.confirmCardSetup(client_secret, { payment_method: { card: element } });
        if (res.error || !res.setupIntent) return { ok: false, msg: res.error?.message ?? '' };
        const saved = await changePaymentMethod({ setup_intent_id: res.setupIntent.id });
        return { ok: saved.result, msg: saved.msg };
      },
    };
  }, [stripe, elements, t]);
  return <CardEntryContext.Provider value={entry}>{children}</CardEntryContext.Provider>;
}

/** Stripe Elements around the payment forms; Stripe.js comes from js.stripe.com (allowed by the CSP). */
export default function StripeCardEntry({
  publishableKey,
  children,
}: {
  publishableKey: string;
  children: ReactNode;
}) {
  const stripe = useMemo(() => loadStripe(publishableKey), [publishableKey]);
  return (
    <Elements stripe={stripe}>
      <StripeBridge>{children}</StripeBridge>
    </Elements>
  );
}
