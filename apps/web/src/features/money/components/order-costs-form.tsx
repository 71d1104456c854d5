import { REGIONS, type OrderCostsInput, type OrderMoneyAnswer } from '@crossmarket/domain';
import { Alert, App, Button, Col, Form, InputNumber, Row, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { zodRules, type SchemaPick } from '../../../lib/zod-form';
import { useSaveOrderCosts } from '../api/money';
import { useMoneyFormat } from '../format';

/** The server checks the body with this very schema: the form shows the same messages on the same fields. */
const pick: SchemaPick = (s) => s.orderCostsInputSchema;

interface Values {
  currency: string;
  forwarder: number | null;
  duty: number | null;
}

/** The body the server takes: an empty amount is null, which clears it (the estimate stands in again). */
export const costsBody = (v: Values): OrderCostsInput => ({
  currency: v.currency,
  forwarder: v.forwarder ?? null,
  duty: v.duty ?? null,
});

const CURRENCIES = [...new Set(REGIONS.map((r) => r.currency.code))];

/**
 * What the seller really paid the forwarder and in duty and import taxes for this order, in one currency
 * (the server converts it to the selling currency at the day of the sale). The actual profit uses these
 * in place of the estimate's; leaving an amount empty puts the estimate back.
 */
export function OrderCostsForm({ orderId, money }: { orderId: string; money: OrderMoneyAnswer }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const f = useMoneyFormat();
  const [form] = Form.useForm<Values>();
  const save = useSaveOrderCosts(orderId);
  const rules = (name: keyof Values) =>
    zodRules(pick, name, (values) => costsBody(values as unknown as Values));
  const currency = Form.useWatch('currency', form) ?? money.costs?.currency ?? money.currency ?? 'USD';

  const submit = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    try {
      await save.mutateAsync(costsBody(form.getFieldsValue(true) as Values));
      void message.success(t('money.costs.saved'));
    } catch (error) {
      if (error instanceof ApiError && error.fields.length > 0)
        form.setFields(
          error.fields.map((e) => ({ name: e.field as keyof Values, errors: [t(e.key, e.params)] })),
        );
    }
  };

  return (
    <Form<Values>
      form={form}
      name={`order-costs-${orderId}`}
      layout="vertical"
      disabled={save.isPending}
      initialValues={{
        currency: money.costs?.currency ?? money.currency ?? 'USD',
        forwarder: money.costs?.forwarder ?? null,
        duty: money.costs?.duty ?? null,
      }}
      onFinish={() => void submit()}
      data-testid="order-costs-form"
    >
      <Typography.Paragraph type="secondary">
        {money.costs
          ? t('money.costs.entered', { date: f.date(money.costs.updated_at) })
          : t('money.costs.intro')}
      </Typography.Paragraph>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name="currency" label={t('money.costs.currency')} rules={rules('currency')}>
            <Select options={CURRENCIES.map((c) => ({ value: c, label: c }))} />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item
            name="forwarder"
            label={t('money.costs.forwarder')}
            extra={t('money.costs.emptyHint')}
            rules={rules('forwarder')}
          >
            <InputNumber style={{ width: '100%' }} min={0} step={0.01} suffix={currency} />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item
            name="duty"
            label={t('money.costs.duty')}
            extra={t('money.costs.emptyHint')}
            rules={rules('duty')}
          >
            <InputNumber style={{ width: '100%' }} min={0} step={0.01} suffix={currency} />
          </Form.Item>
        </Col>
      </Row>
      {save.isError && !(save.error instanceof ApiError && save.error.fields.length > 0) && (
        <Alert
          type="error"
          showIcon
          title={errorMessage(save.error, t, { fallback: t('money.costs.failed') })}
          style={{ marginBottom: 12 }}
          data-testid="order-costs-error"
        />
      )}
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('money.costs.submit')}
      </Button>
    </Form>
  );
}
