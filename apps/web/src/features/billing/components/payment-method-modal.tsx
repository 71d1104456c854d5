import { Alert, Form, Modal, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import type { CardValues } from '../api/billing';
import { CardEntryProvider } from './card-entry';
import { useCardEntry } from './card-entry-context';
import { reloadBillingSoon } from './random-key';

export function PaymentMethodModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  // Mounted only while open: Stripe Elements (in Stripe mode) lives as long as the dialog.
  if (!open) return null;
  return (
    <CardEntryProvider>
      <PaymentMethodDialog onClose={onClose} />
    </CardEntryProvider>
  );
}

function PaymentMethodDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const entry = useCardEntry();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const submit = async (card: CardValues) => {
    setSaving(true);
    setError(null);
    try {
      const res = await entry.saveCard(card);
      if (!res.ok) setError(t('checkout.failed', { error: res.msg }));
      else {
        setDone(true);
        reloadBillingSoon();
      }
    } catch (e) {
      setError(t('checkout.failed', { error: errorMessage(e, t) }));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={t('billing.paymentMethod.title')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      confirmLoading={saving}
      okButtonProps={{ disabled: done }}
      destroyOnHidden
    >
      {done ? (
        <Result status="success" title={t('billing.paymentMethod.saved')} />
      ) : (
        <>
          {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
          <Form form={form} name="payment-method" layout="vertical" onFinish={submit}>
            <entry.Input />
          </Form>
        </>
      )}
    </Modal>
  );
}
