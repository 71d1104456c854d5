import { Alert, Form, Modal, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api-client';
import { changePaymentMethod } from '../api/billing';
import { CardFields } from './card-fields';
import { reloadBillingSoon } from './random-key';

export function PaymentMethodModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const submit = async (card: { number: string; exp_month: number; exp_year: number; cvc: string }) => {
    setSaving(true);
    setError(null);
    try {
      const res = await changePaymentMethod(card);
      if (!res.result) setError(t('checkout.failed', { error: res.msg }));
      else {
        setDone(true);
        reloadBillingSoon();
      }
    } catch (e) {
      setError(t('checkout.failed', { error: errorMessage(e) }));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={open}
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
            <CardFields />
          </Form>
        </>
      )}
    </Modal>
  );
}
