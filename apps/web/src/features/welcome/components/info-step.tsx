import {
  CONNECTION_TYPE_OPTIONS,
  HOW_LONG_OPTIONS,
  WHICH_SOFTWARE_OPTIONS,
  WORK_MODEL_OPTIONS,
  type LaneCarrier,
  type LaneRoute,
  type OnboardingInfoInput,
  type RegionCode,
  startingRateCard,
} from '@crossmarket/domain';
import { App, Button, Col, Divider, Form, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodRules } from '../../../lib/zod-form';
import { useSaveOnboarding } from '../../account';
import type { Me } from '../../account';
import { addressValues, AddressFields } from '../../account';
import { useSaveDefaultLane } from '../api/lanes';
import { LaneQuestion } from './lane-question';

const QUESTIONS = [
  ['how_long', HOW_LONG_OPTIONS],
  ['work_model', WORK_MODEL_OPTIONS],
  ['connection_type', CONNECTION_TYPE_OPTIONS],
  ['which_software', WHICH_SOFTWARE_OPTIONS],
] as const;

interface LaneAnswer {
  from?: RegionCode;
  to?: RegionCode;
  route?: LaneRoute;
  carrier?: LaneCarrier;
  /** Start the lane with its starting rate card (assumed), where it has one. */
  starting_card?: boolean;
}

/** Step 1: who the seller is, and four questions about how they work. Saving moves to the Plan step. */
export function InfoStep({ me, onSaved }: { me: Me; onSaved: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const save = useSaveOnboarding();
  const saveLane = useSaveDefaultLane();
  const initial = {
    ...addressValues(me.profile),
    qs: me.profile.qs ?? undefined,
    lane: { route: 'reship', carrier: 'courier', starting_card: true },
  };
  const onFinish = ({ lane, ...info }: OnboardingInfoInput & { lane?: LaneAnswer }) =>
    save.mutate(info, {
      onSuccess: async () => {
        // The lane is optional: skipped unless both countries were chosen; its failure does not hold
        // the seller back (the lane can be set later), but is said.
        if (lane?.from && lane.to) {
          const start = lane.starting_card ? startingRateCard(lane.from, lane.to) : undefined;
          await saveLane
            .mutateAsync({
              from: lane.from,
              to: lane.to,
              settings: { route: lane.route, carrier: lane.carrier, ...(start && { rate_card: start.card }) },
            })
            .catch(() => message.error(t('welcome.lane.failed'), 3));
        }
        onSaved();
      },
      onError: () => message.error(t('errors.generic'), 3),
    });
  return (
    <Form
      layout="vertical"
      initialValues={initial}
      onFinish={onFinish}
      disabled={save.isPending || saveLane.isPending}
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
              required
            >
              <Select options={options.map((o) => ({ value: o, label: t(`welcome.qs.${name}.${o}`) }))} />
            </Form.Item>
          </Col>
        ))}
      </Row>
      <Divider />
      <LaneQuestion />
      <Button type="primary" htmlType="submit" loading={save.isPending || saveLane.isPending} size="large">
        {t('welcome.saveInfo')}
      </Button>
    </Form>
  );
}
