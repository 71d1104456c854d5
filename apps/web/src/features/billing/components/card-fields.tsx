import { Col, Form, Input, InputNumber, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodRules } from '../../../lib/zod-form';

/** "4242424242424242" → "4242 4242 4242 4242" as the user types (the form's required shape). */
export const formatCardNumber = (value: string) =>
  value
    .replace(/\D/g, '')
    .slice(0, 16)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** Card number, expiry and CVC, validated by the domain's card schema (VISA and MasterCard only). */
export function CardFields() {
  const { t } = useTranslation();
  const rules = (name: string) => zodRules((s) => s.cardSchema(), name);
  return (
    <Row gutter={12}>
      <Col span={24}>
        <Form.Item
          name="number"
          label={t('checkout.cardNumber')}
          rules={rules('number')}
          normalize={formatCardNumber}
        >
          <Input inputMode="numeric" autoComplete="cc-number" placeholder="4242 4242 4242 4242" />
        </Form.Item>
      </Col>
      <Col xs={8}>
        <Form.Item name="exp_month" label={t('checkout.expMonth')} rules={rules('exp_month')}>
          <InputNumber min={1} max={12} style={{ width: '100%' }} autoComplete="cc-exp-month" />
        </Form.Item>
      </Col>
      <Col xs={8}>
        <Form.Item name="exp_year" label={t('checkout.expYear')} rules={rules('exp_year')}>
          <InputNumber style={{ width: '100%' }} autoComplete="cc-exp-year" />
        </Form.Item>
      </Col>
      <Col xs={8}>
        <Form.Item name="cvc" label={t('checkout.cvc')} rules={rules('cvc')}>
          <Input inputMode="numeric" maxLength={3} autoComplete="cc-csc" />
        </Form.Item>
      </Col>
    </Row>
  );
}
