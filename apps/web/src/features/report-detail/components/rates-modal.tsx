import type { IndividualRates } from '@crossmarket/domain';
import { Alert, App, Button, Form, InputNumber, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { zodRules, type SchemaPick } from '../../../lib/zod-form';
import type { ResultRowView } from '../api/filter-results';
import { useProductRates } from '../api/rates';

const pick: SchemaPick = (s) => s.individualRatesSchema;
const FIELDS = ['min', 'std', 'max'] as const;

/** One product's own min / std / max profit rates, which override its pricing rule's; or clear them. */
export function RatesModal({
  reportId,
  row,
  onClose,
}: {
  reportId: string;
  row: ResultRowView | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<IndividualRates>();
  const rates = useProductRates(reportId);
  const [error, setError] = useState<string | null>(null);
  const send = async (value: IndividualRates | null) => {
    if (!row) return;
    setError(null);
    try {
      await rates.mutateAsync({ productId: row.product_id, rates: value });
      void message.success(t('reportDetail.settings.saved'));
      onClose();
    } catch (e) {
      setError(errorMessage(e, t));
    }
  };
  return (
    <Modal
      title={t('reportDetail.rates.title', { id: row?.product_id ?? '' })}
      open={row !== null}
      onCancel={onClose}
      okText={t('common.save')}
      onOk={() => form.submit()}
      confirmLoading={rates.isPending}
      destroyOnHidden
      footer={(buttons) => (
        <>
          {row?.individual && (
            <Button danger onClick={() => void send(null)} disabled={rates.isPending}>
              {t('reportDetail.rates.clear')}
            </Button>
          )}
          {buttons}
        </>
      )}
    >
      <p>{t('reportDetail.rates.intro')}</p>
      <Form
        form={form}
        layout="inline"
        initialValues={row?.individual ?? undefined}
        onFinish={(values) => void send(values)}
        onValuesChange={(changed) =>
          form.setFields(
            Object.keys(changed).map((name) => ({ name: name as keyof IndividualRates, errors: [] })),
          )
        }
        validateTrigger={[]}
      >
        {FIELDS.map((name) => (
          <Form.Item
            key={name}
            name={name}
            label={t(`reportDetail.rates.${name}`)}
            rules={zodRules(pick, name)}
          >
            <InputNumber min={0} step={0.1} style={{ width: 110 }} />
          </Form.Item>
        ))}
      </Form>
      {error && <Alert type="error" showIcon title={error} style={{ marginTop: 12 }} />}
    </Modal>
  );
}
