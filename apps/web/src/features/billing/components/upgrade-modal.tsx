import { Alert, Descriptions, Empty, Modal, Radio, Result, Space, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { formatMoney, formatNumber } from '../../../lib/format-number';
import type { Me } from '../../account';
import { usePlans, type PlanCard } from '../../plans';
import { previewUpgrade, upgradeSubscription, type Proration } from '../api/billing';
import { CheckoutStep } from './checkout-step';
import { randomKey, reloadBillingSoon } from './random-key';

/**
 * Only plans with a bigger daily quota. A paid-active user sees the prorated price, then upgrades; a free
 * or expired user buys the chosen plan through the checkout.
 */
export function UpgradeModal({ me, open, onClose }: { me: Me; open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const plans = usePlans();
  const [selected, setSelected] = useState<PlanCard | null>(null);
  const [preview, setPreview] = useState<Proration | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const key = useRef(randomKey());
  const paid = me.access.paid_active;
  const bigger = (plans.data ?? []).filter(
    (p) => p.daily_report_quota > me.user_data.plan.daily_report_quota,
  );

  useEffect(() => {
    if (!selected || !paid) return;
    let live = true;
    previewUpgrade(selected.price_id!)
      .then((r) => live && setPreview(r.data))
      .catch((e) => live && setError(t('checkout.failed', { error: errorMessage(e, t) })));
    return () => {
      live = false;
    };
  }, [selected, paid, t]);

  const confirm = async () => {
    if (!selected) {
      setError(t('validation.upgrade.planRequired'));
      return;
    }
    setBusy(true);
    try {
      const res = await upgradeSubscription(selected.price_id!, key.current);
      if (!res.result) setError(t('checkout.failed', { error: res.msg }));
      else {
        setDone(true);
        reloadBillingSoon();
      }
    } catch (e) {
      setError(t('checkout.failed', { error: errorMessage(e, t) }));
    } finally {
      setBusy(false);
    }
  };

  const body = () => {
    if (done) return <Result status="success" title={t('billing.upgrade.done')} />;
    if (plans.isPending) return <Spin />;
    if (bigger.length === 0) return <Empty description={t('billing.upgrade.biggest')} />;
    return (
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Radio.Group
          value={selected?.code}
          onChange={(e) => {
            setPreview(null);
            setError(null);
            setSelected(bigger.find((p) => p.code === e.target.value) ?? null);
          }}
        >
          <Space orientation="vertical">
            {bigger.map((p) => (
              <Radio key={p.code} value={p.code}>
                {p.name} —{' '}
                {t('plans.dailyReports', { formatted: formatNumber(p.daily_report_quota, i18n.language) })} —{' '}
                {formatMoney(p.monthly_price / 100, 'USD', i18n.language)}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
        {error && <Alert type="error" showIcon title={error} />}
        {paid && selected && !preview && !error && <Spin />}
        {paid && preview && (
          <Descriptions column={1} size="small" bordered data-testid="upgrade-preview">
            <Descriptions.Item label={t('billing.upgrade.currentRemaining')}>
              {formatMoney(preview.current_plan_remaining / 100, 'USD', i18n.language)}
            </Descriptions.Item>
            <Descriptions.Item label={t('billing.upgrade.newRemaining')}>
              {formatMoney(preview.new_plan_remaining / 100, 'USD', i18n.language)}
            </Descriptions.Item>
            <Descriptions.Item label={t('billing.upgrade.youPay')}>
              <Typography.Text strong>
                {formatMoney(preview.you_pay_total_price / 100, 'USD', i18n.language)}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
        )}
        {!paid && selected && (
          <CheckoutStep plan={selected} onPaid={() => window.location.assign('/settings/billing')} />
        )}
      </Space>
    );
  };

  return (
    <Modal
      open={open}
      title={t('billing.upgrade.title')}
      onCancel={onClose}
      onOk={paid ? () => void confirm() : onClose}
      okText={paid ? t('billing.upgrade.confirm') : t('common.close')}
      okButtonProps={{ disabled: done || (paid && bigger.length > 0 && !preview) }}
      confirmLoading={busy}
      destroyOnHidden
      width={640}
    >
      {body()}
    </Modal>
  );
}
