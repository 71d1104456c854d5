import { Alert, Button, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation();
  const config = useAppConfig();
  // Without the configuration we cannot know which card form to show: say so rather than spin forever.
  if (config.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={t('errors.generic')}
        action={<Button onClick={() => void config.refetch()}>{t('common.retry')}</Button>}
      />
    );
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
