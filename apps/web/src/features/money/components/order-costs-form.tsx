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

/** The four border costs, each a line of the money model, in the order a forwarder's bill lists them. */
const AMOUNTS = ['forwarder', 'clearance', 'duty', 'import_tax'] as const;
type Amount = (typeof AMOUNTS)[number];

type Values = { currency: string } & Record<Amount, number | null>;

/** The body the server takes: an empty amount is null, which clears it (the estimate stands in again). */
export const costsBody = (v: Values): OrderCostsInput => ({
  currency: v.currency,
  forwarder: v.forwarder ?? null,
  clearance: v.clearance ?? null,
  duty: v.duty ?? null,
  import_tax: v.import_tax ?? null,
});

const CURRENCIES = [...new Set(REGIONS.map((r) => r.currency.code))];
/** The selling currency first: the server takes it and the currencies the estimate paid in. */
const currencyOptions = (selling: string | null) =>
  [...new Set([...(selling ? [selling] : []), ...CURRENCIES])].map((c) => ({ value: c, label: c }));

/**
 * What the seller really paid at the border for this order (the forwarder's bill, its clearance fee,
 * duty, import tax), in one currency: the selling one or one the estimate paid in (the server converts at
 * the estimate's own rate and names the currencies it takes when refused). The actual profit uses these in
 * place of the estimate's lines; leaving an amount empty puts the estimate back.
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
        clearance: money.costs?.clearance ?? null,
        duty: money.costs?.duty ?? null,
        import_tax: money.costs?.import_tax ?? null,
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
        <Col xs={24}>
          <Form.Item name="currency" label={t('money.costs.currency')} rules={rules('currency')}>
            <Select options={currencyOptions(money.currency)} style={{ maxWidth: 200 }} />
          </Form.Item>
        </Col>
        {AMOUNTS.map((name) => (
          <Col key={name} xs={12} md={6}>
            <Form.Item
              name={name}
              label={t(`money.costs.${name}`)}
              extra={t('money.costs.emptyHint')}
              rules={rules(name)}
            >
              <InputNumber style={{ width: '100%' }} min={0} step={0.01} suffix={currency} />
            </Form.Item>
          </Col>
        ))}
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
