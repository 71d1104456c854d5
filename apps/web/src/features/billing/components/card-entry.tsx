import { Spin } from 'antd';
import { lazy, Suspense, type ReactNode } from 'react';
import { useAppConfig } from '../../../lib/app-config';
import { changePaymentMethod, confirmSandboxPayment } from '../api/billing';
import { CardFields } from './card-fields';
import { CardEntryContext, type CardEntry } from './card-entry-context';

// Stripe.js is loaded only when Stripe is the provider, so the sandbox never fetches it.
const StripeCardEntry = lazy(() => import('./stripe-card-entry'));

const sandboxEntry: CardEntry = {
  Input: CardFields,
  sandbox: true,
  pay: async (clientSecret, card) => {
    const res = await confirmSandboxPayment(clientSecret, card);
    return { ok: res.result, msg: res.msg };
  },
  saveCard: async (card) => {
    const res = await changePaymentMethod(card);
    return { ok: res.result, msg: res.msg };
  },
};

export function CardEntryProvider({ children }: { children: ReactNode }) {
  const config = useAppConfig();
  if (!config.data) return <Spin />;
  const key = config.data.stripe_publishable_key;
  if (config.data.providers.payments === 'stripe' && key) {
    return (
      <Suspense fallback={<Spin />}>
        <StripeCardEntry publishableKey={key}>{children}</StripeCardEntry>
      </Suspense>
    );
  }
  return <CardEntryContext.Provider value={sandboxEntry}>{children}</CardEntryContext.Provider>;
}
