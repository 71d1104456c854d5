import { CreditCardOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Descriptions, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTimeWithZone } from '../../../lib/format-date';
import { useMe } from '../../account';
import { useSetAutopay } from '../../billing';
import { InvoicesTable } from '../../billing';
import { PaymentMethodModal } from '../../billing';
import { UpgradeModal } from '../../billing';

/** Settings → Billing: account summary with autopay, payment details, invoices, and the upgrade modal. */
export function BillingTab() {
  const { t, i18n } = useTranslation();
  const { data: me } = useMe();
  const { modal, message } = App.useApp();
  const autopay = useSetAutopay();
  const [cardOpen, setCardOpen] = useState(false);
  const [upgradeOpen, setUpgradeOpen] = useState(false);
  if (!me) return null;
  const end = me.user_data.subscription_end;
  // The reader's zone, named: the renewal was shown in Istanbul time with no zone (issue 46).
  const endText = end ? formatDateTimeWithZone(end, i18n.language) : '—';
  const hasSubscription = !!me.user_data.subscription;

  // Autopay changes locally only when the server answers result true (the specification).
  const apply = async (on: boolean) => {
    try {
      await autopay.mutateAsync(on);
    } catch {
      message.error(t('errors.generic'), 3);
    }
  };
  const onToggle = (on: boolean) => {
    if (on) return void apply(true);
    modal.confirm({
      title: t('billing.autopayConfirm'),
      okText: t('common.yes'),
      cancelText: t('common.no'),
      onOk: () => apply(false),
    });
  };

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%', maxWidth: 900 }}>
      {hasSubscription && !me.profile.autopay && (
        <Alert type="warning" showIcon title={t('billing.autopayOffWarning', { date: endText })} />
      )}
      <Card
        title={t('billing.summary')}
        extra={
          <Button type="primary" onClick={() => setUpgradeOpen(true)}>
            {t('home.upgrade')}
          </Button>
        }
      >
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={t('billing.plan')}>{me.user_data.plan.name}</Descriptions.Item>
          <Descriptions.Item label={t('billing.renewal')}>{endText}</Descriptions.Item>
          <Descriptions.Item label={t('billing.autopay')}>
            <Switch
              checked={me.profile.autopay}
              loading={autopay.isPending}
              disabled={!hasSubscription}
              onChange={onToggle}
              aria-label={t('billing.autopay')}
            />
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('billing.paymentMethod.card')}>
        <Space>
          <CreditCardOutlined />
          <Typography.Text data-testid="card-on-file">
            {me.user_data.last4
              ? `${(me.user_data.card_brand ?? '').toUpperCase()} •••• ${me.user_data.last4}`
              : t('billing.paymentMethod.none')}
          </Typography.Text>
          <Button onClick={() => setCardOpen(true)} disabled={!hasSubscription}>
            {me.user_data.last4 ? t('billing.paymentMethod.change') : t('billing.paymentMethod.add')}
          </Button>
        </Space>
      </Card>
      <Card title={t('billing.invoices.title')}>
        <InvoicesTable />
      </Card>
      <PaymentMethodModal open={cardOpen} onClose={() => setCardOpen(false)} />
      {upgradeOpen && <UpgradeModal me={me} open onClose={() => setUpgradeOpen(false)} />}
    </Space>
  );
}
