import { CARRIER_OTHER, type OrderDetail, type OrderShipmentRequest } from '@crossmarket/domain';
import { Alert, App, Button, Col, Descriptions, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import dayjs from '../../../lib/dayjs';
import { errorMessage } from '../../../lib/error-message';
import { zodRules, type SchemaPick } from '../../../lib/zod-form';
import { useRecordShipment } from '../api/orders';
import { localInput } from './purchase-form';

/** The server checks the body with this very schema (and the carrier against Amazon's list for the order). */
const pick: SchemaPick = (s) => s.orderShipmentRequestSchema;

interface Values {
  carrier_code: string | undefined;
  carrier_name: string;
  shipping_method: string;
  tracking_number: string;
  ship_date: string;
}

const trimmed = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** The body the server takes: the name only with Other, empty texts left out, the date as ISO. */
export function shipmentBody(v: Values): OrderShipmentRequest {
  return {
    carrier_code: v.carrier_code ?? '',
    carrier_name: v.carrier_code === CARRIER_OTHER ? trimmed(v.carrier_name) : null,
    shipping_method: trimmed(v.shipping_method),
    tracking_number: typeof v.tracking_number === 'string' ? v.tracking_number.trim() : '',
    ship_date: v.ship_date ? dayjs(v.ship_date).toISOString() : '',
  };
}

/**
 * The forwarder's final leg, then the confirmation to Amazon: the carrier from Amazon's list for the
 * order's marketplace, spelt exactly as Amazon lists it (or Other with its name, which Amazon cannot verify),
 * the forwarder's tracking number (never the source's, which ends at the forwarder) and the ship date. What
 * goes to Amazon is shown once more before it is sent; Amazon's read-back follows.
 */
export function ShipmentForm({
  detail,
  now,
  again,
}: {
  detail: OrderDetail;
  now: number;
  /** A confirmation Amazon did not keep or refused: the form starts from what was sent. */
  again?: boolean;
}) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const record = useRecordShipment(detail.order.id);
  const carrier = Form.useWatch('carrier_code', form);
  const rules = (name: keyof Values) =>
    zodRules(pick, name, (values) => shipmentBody(values as unknown as Values));
  const sent = detail.shipment;

  const send = async (body: OrderShipmentRequest) => {
    try {
      await record.mutateAsync(body);
      void message.success(t('ordersPage.shipment.sent'));
    } catch (error) {
      if (error instanceof ApiError && error.fields.length > 0)
        form.setFields(
          error.fields.map((f) => ({ name: f.field as keyof Values, errors: [t(f.key, f.params)] })),
        );
    }
  };

  const submit = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const body = shipmentBody(form.getFieldsValue(true) as Values);
    // Amazon takes the carrier as spelt: the seller sees exactly what is sent before it goes.
    modal.confirm({
      title: t('ordersPage.shipment.confirmTitle'),
      content: (
        <Descriptions
          size="small"
          column={1}
          data-testid="shipment-confirm-summary"
          items={[
            {
              key: 'carrier',
              label: t('ordersPage.shipment.carrier'),
              children: body.carrier_name ? `${body.carrier_code} (${body.carrier_name})` : body.carrier_code,
            },
            { key: 'tracking', label: t('ordersPage.shipment.tracking'), children: body.tracking_number },
            {
              key: 'date',
              label: t('ordersPage.shipment.shipDate'),
              children: dayjs(body.ship_date).format('llll'),
            },
          ]}
        />
      ),
      okText: t('ordersPage.shipment.confirmOk'),
      cancelText: t('ordersPage.cancel'),
      onOk: () => send(body),
    });
  };

  return (
    <Form<Values>
      form={form}
      name={`shipment-${detail.order.id}`}
      layout="vertical"
      disabled={record.isPending}
      initialValues={{
        carrier_code: sent?.carrier_code,
        carrier_name: sent?.carrier_name ?? '',
        shipping_method: '',
        tracking_number: sent?.tracking_number ?? '',
        ship_date: localInput(sent?.ship_date ?? now),
      }}
      onFinish={() => void submit()}
      data-testid="shipment-form"
    >
      {detail.order.policy.single_shipment && (
        <Alert type="info" showIcon title={t('orders.singleShipment')} style={{ marginBottom: 12 }} />
      )}
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="carrier_code"
            label={t('ordersPage.shipment.carrier')}
            extra={t('ordersPage.shipment.carrierHint')}
            rules={rules('carrier_code')}
          >
            <Select
              showSearch
              options={detail.carriers.map((c) => ({
                value: c,
                label: c === CARRIER_OTHER ? t('ordersPage.shipment.other') : c,
              }))}
            />
          </Form.Item>
        </Col>
        {carrier === CARRIER_OTHER && (
          <Col xs={24} md={12}>
            <Form.Item
              name="carrier_name"
              label={t('ordersPage.shipment.carrierName')}
              rules={rules('carrier_name')}
            >
              <Input autoComplete="off" maxLength={100} />
            </Form.Item>
          </Col>
        )}
      </Row>
      {carrier === CARRIER_OTHER && (
        <Alert
          type="warning"
          showIcon
          title={t('orders.carrierOtherWarning')}
          style={{ marginBottom: 12 }}
          data-testid="carrier-other-warning"
        />
      )}
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="tracking_number"
            label={t('ordersPage.shipment.tracking')}
            extra={t('orders.trackingHint')}
            rules={rules('tracking_number')}
          >
            <Input autoComplete="off" maxLength={100} spellCheck={false} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="ship_date" label={t('ordersPage.shipment.shipDate')} rules={rules('ship_date')}>
            <Input type="datetime-local" max={localInput(now)} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="shipping_method"
            label={t('ordersPage.shipment.method')}
            extra={t('ordersPage.shipment.methodHint')}
            rules={rules('shipping_method')}
          >
            <Input autoComplete="off" maxLength={100} />
          </Form.Item>
        </Col>
      </Row>
      {record.isError && !(record.error instanceof ApiError && record.error.fields.length > 0) && (
        <Alert
          type="error"
          showIcon
          title={errorMessage(record.error, t, { fallback: t('ordersPage.shipment.failed') })}
          style={{ marginBottom: 12 }}
          data-testid="shipment-error"
        />
      )}
      <Button type="primary" htmlType="submit" loading={record.isPending}>
        {t(again ? 'ordersPage.shipment.submitAgain' : 'ordersPage.shipment.submit')}
      </Button>
    </Form>
  );
}
