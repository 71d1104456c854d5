import {
  CONNECTION_TYPE_OPTIONS,
  HOW_LONG_OPTIONS,
  WHICH_SOFTWARE_OPTIONS,
  WORK_MODEL_OPTIONS,
  type OnboardingInfoInput,
} from '@crossmarket/domain';
import { App, Button, Col, Divider, Form, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodRules } from '../../../lib/zod-form';
import { useSaveOnboarding } from '../../account';
import type { Me } from '../../account';
import { addressValues, AddressFields } from '../../account';

const QUESTIONS = [
  ['how_long', HOW_LONG_OPTIONS],
  ['work_model', WORK_MODEL_OPTIONS],
  ['connection_type', CONNECTION_TYPE_OPTIONS],
  ['which_software', WHICH_SOFTWARE_OPTIONS],
] as const;

/** Step 1: who the seller is, and four questions about how they work. Saving moves to the Plan step. */
export function InfoStep({ me, onSaved }: { me: Me; onSaved: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const save = useSaveOnboarding();
  const initial = { ...addressValues(me.profile), qs: me.profile.qs ?? undefined };
  const onFinish = (values: OnboardingInfoInput) =>
    save.mutate(values, {
      onSuccess: onSaved,
      onError: () => message.error(t('errors.generic'), 3),
    });
  return (
    <Form
      layout="vertical"
      initialValues={initial}
      onFinish={onFinish}
      disabled={save.isPending}
      style={{ maxWidth: 860, margin: '0 auto' }}
    >
      <AddressFields pick={(s) => s.onboardingInfoSchema} />
      <Divider />
      <Row gutter={16}>
        {QUESTIONS.map(([name, options]) => (
          <Col xs={24} md={12} key={name}>
            <Form.Item
              name={['qs', name]}
              label={t(`welcome.qs.${name}.label`)}
              rules={zodRules((s) => s.onboardingInfoSchema, ['qs', name])}
            >
              <Select options={options.map((o) => ({ value: o, label: t(`welcome.qs.${name}.${o}`) }))} />
            </Form.Item>
          </Col>
        ))}
      </Row>
      <Button type="primary" htmlType="submit" loading={save.isPending} size="large">
        {t('welcome.saveInfo')}
      </Button>
    </Form>
  );
}
