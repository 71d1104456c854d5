import {
  buyingRegions,
  LANE_CARRIERS,
  LANE_ROUTES,
  sellingRegions,
  startingRateCard,
  type RegionCode,
} from '@crossmarket/domain';
import { Checkbox, Col, Form, Radio, Row, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { countryOption } from '../../../lib/country';
import { StartingCardText } from '../../lanes';

/**
 * "Where do you ship from, and how?" (issue 45's onboarding question), inside the Info step's form under
 * `lane`. Skippable: without both countries nothing is saved and the lane defaults stay in force.
 */
export function LaneQuestion() {
  const { t, i18n } = useTranslation();
  const regions = (list: ReturnType<typeof buyingRegions>) =>
    list.map((r) => countryOption(r.code, i18n.language));
  const form = Form.useFormInstance();
  const from = Form.useWatch(['lane', 'from'], form) as RegionCode | undefined;
  const to = Form.useWatch(['lane', 'to'], form) as RegionCode | undefined;
  const start = from && to ? startingRateCard(from, to) : undefined;
  return (
    <section aria-labelledby="lane-question">
      <Typography.Title level={5} id="lane-question" style={{ marginTop: 0 }}>
        {t('welcome.lane.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('welcome.lane.intro')}</Typography.Paragraph>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name={['lane', 'from']} label={t('welcome.lane.from')}>
            <Select allowClear options={regions(buyingRegions())} optionFilterProp="title" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name={['lane', 'to']} label={t('welcome.lane.to')}>
            <Select allowClear options={regions(sellingRegions())} optionFilterProp="title" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name={['lane', 'route']} label={t('welcome.lane.route.label')}>
            <Radio.Group
              options={LANE_ROUTES.map((r) => ({ value: r, label: t(`welcome.lane.route.${r}`) }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name={['lane', 'carrier']} label={t('welcome.lane.carrier.label')}>
            <Radio.Group
              options={LANE_CARRIERS.map((c) => ({ value: c, label: t(`welcome.lane.carrier.${c}`) }))}
            />
          </Form.Item>
        </Col>
        {start && (
          <Col span={24}>
            <Form.Item name={['lane', 'starting_card']} valuePropName="checked">
              <Checkbox data-testid="starting-card">
                {t('welcome.lane.startingCard')} <StartingCardText start={start} />
              </Checkbox>
            </Form.Item>
          </Col>
        )}
      </Row>
    </section>
  );
}
