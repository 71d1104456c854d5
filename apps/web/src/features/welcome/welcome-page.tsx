import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Steps, Typography } from 'antd';
import { useCallback, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../lib/page-title';
import { useMe } from '../account';
import type { PlanCard } from '../plans';
import { PlanCards } from '../plans';
import { InfoStep } from './components/info-step';
import { WelcomeStep } from './components/welcome-step';

export const WELCOME_STEPS = ['welcome', 'info', 'plan', 'checkout', 'done'] as const;

/** What billing plugs in: the Checkout step for a chosen plan, and the Done step after payment. */
export interface CheckoutSeam {
  Checkout: ComponentType<{ plan: PlanCard; onPaid: () => void }>;
  Done: ComponentType;
}

/**
 * The onboarding wizard. It starts at Plan when the profile already has a phone number (the Info step
 * was done); Back goes one step. Without a checkout (billing not configured) plans are shown, not sold.
 */
export function WelcomePage({ checkout }: { checkout?: CheckoutSeam }) {
  const { t } = useTranslation();
  usePageTitle('welcome.page');
  const { data: me } = useMe();
  const [step, setStep] = useState(() => (me?.profile.phone_number ? 2 : 0));
  const [plan, setPlan] = useState<PlanCard | null>(null);
  const onPaid = useCallback(() => setStep(4), []);
  if (!me) return null;
  const { Checkout, Done } = checkout ?? {};
  return (
    <Flex
      vertical
      // One width for every step (issue 46): without `width` the column shrank to each step's content.
      style={{
        minHeight: '100vh',
        padding: '24px 16px',
        width: '100%',
        maxWidth: 1120,
        margin: '0 auto',
        boxSizing: 'border-box',
      }}
      gap={24}
    >
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('app.name')}
      </Typography.Title>
      <Steps
        current={step}
        items={WELCOME_STEPS.map((s) => ({ title: t(`welcome.steps.${s}`) }))}
        responsive
      />
      {step > 0 && step < 4 && (
        <div>
          <Button
            type="link"
            icon={<ArrowLeftOutlined />}
            onClick={() => setStep(step - 1)}
            style={{ paddingInline: 0 }}
          >
            {t('common.back')}
          </Button>
        </div>
      )}
      <Card>
        {step === 0 && <WelcomeStep onNext={() => setStep(1)} />}
        {step === 1 && <InfoStep me={me} onSaved={() => setStep(2)} />}
        {step === 2 && (
          <>
            <Typography.Title level={4} style={{ marginTop: 0 }}>
              {t('welcome.choosePlan')}
            </Typography.Title>
            <PlanCards
              selected={plan?.code}
              onSelect={
                Checkout
                  ? (chosen) => {
                      setPlan(chosen);
                      setStep(3);
                    }
                  : undefined
              }
            />
          </>
        )}
        {step === 3 && Checkout && plan && <Checkout plan={plan} onPaid={onPaid} />}
        {step === 4 && Done && <Done />}
      </Card>
    </Flex>
  );
}
