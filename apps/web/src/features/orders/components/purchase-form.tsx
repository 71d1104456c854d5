import type { OrderPurchaseRequest } from '@crossmarket/domain';
import { Alert, App, Button, Col, Form, Input, InputNumber, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import dayjs from '../../../lib/dayjs';
import { errorMessage } from '../../../lib/error-message';
import { zodRules, type SchemaPick } from '../../../lib/zod-form';
import { useRecordPurchase } from '../api/orders';
import { sellerDateTime } from '../deadline';

/** The server checks the body with this very schema: the form shows the same messages on the same fields. */
const pick: SchemaPick = (s) => s.orderPurchaseRequestSchema;

interface Values {
  order_item_id: string;
  source_order_id: string;
  total: number | null;
  tax: number | null;
  shipping: number | null;
  /** A `datetime-local` value in the seller's zone. */
  bought_at: string;
}

/** `datetime-local`'s text for a moment, in the browser's (the seller's) zone. */
export const localInput = (at: number | string) => dayjs(at).format('YYYY-MM-DDTHH:mm');

/** The body the server takes, from the form's values (empty optional amounts are left out). */
export function purchaseBody(v: Values): OrderPurchaseRequest {
  return {
    order_item_id: v.order_item_id,
    source_order_id: typeof v.source_order_id === 'string' ? v.source_order_id.trim() : v.source_order_id,
    total: v.total as number,
    tax: v.tax ?? null,
    shipping: v.shipping ?? null,
    ...(v.bought_at ? { bought_at: dayjs(v.bought_at).toISOString() } : {}),
  };
}

/** A refusal naming the first purchase says when it was recorded in the seller's zone and language. */
function refusalParams(error: unknown): Record<string, string> | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const at = error.params.recorded_at;
  return typeof at === 'string' && !Number.isNaN(Date.parse(at))
    ? { recorded_at: sellerDateTime(at) }
    : undefined;
}

/**
 * Records what one order item really cost at the source: the source's order number, the total with tax and
 * shipping (the source's currency), the parts if the seller has them, and when. Recorded once per item: a
 * second purchase is refused by the server naming the first, shown here as it says it.
 */
export function PurchaseForm({
  orderId,
  orderItemId,
  currency,
  now,
  disabled,
}: {
  orderId: string;
  orderItemId: string;
  /** The source's currency, when the item has a source. */
  currency: string | null;
  now: number;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const record = useRecordPurchase(orderId);
  const rules = (name: keyof Values) =>
    zodRules(pick, name, (values) => purchaseBody(values as unknown as Values));
  const suffix = currency ?? undefined;

  const submit = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    try {
      const recorded = await record.mutateAsync(purchaseBody(form.getFieldsValue(true) as Values));
      // The source showed sold out as it was recorded: the server set the listing's quantity to 0.
      if (recorded?.source_sold_out) void message.warning(t('ordersPage.purchase.savedSoldOut'), 8);
      else void message.success(t('ordersPage.purchase.saved'));
    } catch (error) {
      if (error instanceof ApiError && error.fields.length > 0)
        form.setFields(
          error.fields.map((f) => ({ name: f.field as keyof Values, errors: [t(f.key, f.params)] })),
        );
    }
  };

  return (
    <Form<Values>
      form={form}
      name={`purchase-${orderItemId}`}
      layout="vertical"
      disabled={disabled || record.isPending}
      initialValues={{
        order_item_id: orderItemId,
        source_order_id: '',
        total: null,
        tax: null,
        shipping: null,
        bought_at: localInput(now),
      }}
      onFinish={() => void submit()}
      data-testid="purchase-form"
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="source_order_id"
            label={t('ordersPage.purchase.sourceOrderId')}
            extra={t('ordersPage.purchase.sourceOrderIdHint')}
            rules={rules('source_order_id')}
          >
            <Input autoComplete="off" maxLength={64} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="bought_at" label={t('ordersPage.purchase.boughtAt')} rules={rules('bought_at')}>
            <Input type="datetime-local" max={localInput(now)} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="total"
            label={t('ordersPage.purchase.total')}
            extra={t('ordersPage.purchase.totalHint')}
            rules={rules('total')}
          >
            <InputNumber style={{ width: '100%' }} min={0} step={0.01} suffix={suffix} />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name="tax" label={t('ordersPage.purchase.tax')} rules={rules('tax')}>
            <InputNumber style={{ width: '100%' }} min={0} step={0.01} suffix={suffix} />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name="shipping" label={t('ordersPage.purchase.shipping')} rules={rules('shipping')}>
            <InputNumber style={{ width: '100%' }} min={0} step={0.01} suffix={suffix} />
          </Form.Item>
        </Col>
      </Row>
      {record.isError && !(record.error instanceof ApiError && record.error.fields.length > 0) && (
        <Alert
          type="error"
          showIcon
          title={errorMessage(record.error, t, {
            params: refusalParams(record.error),
            fallback: t('ordersPage.purchase.failed'),
          })}
          style={{ marginBottom: 12 }}
          data-testid="purchase-error"
        />
      )}
      <Button type="primary" htmlType="submit" loading={record.isPending}>
        {t('ordersPage.purchase.submit')}
      </Button>
    </Form>
  );
}
