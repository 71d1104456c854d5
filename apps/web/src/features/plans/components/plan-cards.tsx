import { CheckOutlined } from '@ant-design/icons';
import { Alert, Badge, Button, Card, Col, List, Row, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format-number';
import { usePlans, type PlanCard } from '../api/use-plans';

/** The plan tiers in order with quotas, price and features; `onSelect` makes them choosable. */
export function PlanCards({
  onSelect,
  selected,
}: {
  onSelect?: (plan: PlanCard) => void;
  selected?: string | null;
}) {
  const { t, i18n } = useTranslation();
  const { data, isPending, isError } = usePlans();
  if (isPending) return <Skeleton active />;
  if (isError) return <Alert type="error" showIcon title={t('errors.genericOccured')} />;
  return (
    <Row gutter={[16, 16]}>
      {data.map((plan) => {
        const card = (
          <Card
            title={plan.name}
            style={{ height: '100%', borderColor: selected === plan.code ? '#1668dc' : undefined }}
            data-testid={`plan-${plan.code}`}
            actions={
              onSelect
                ? [
                    <Button
                      key="select"
                      type={plan.best_seller ? 'primary' : 'default'}
                      onClick={() => onSelect(plan)}
                    >
                      {t('plans.select')}
                    </Button>,
                  ]
                : undefined
            }
          >
            <Typography.Title level={3} style={{ marginTop: 0 }}>
              {t('plans.price', { price: formatNumber(plan.monthly_price / 100, i18n.language) })}
            </Typography.Title>
            <Typography.Paragraph strong>
              {t('plans.dailyReports', {
                count: plan.daily_report_quota,
                formatted: formatNumber(plan.daily_report_quota, i18n.language),
              })}
            </Typography.Paragraph>
            <List
              size="small"
              dataSource={plan.points}
              renderItem={(point) => (
                <List.Item style={{ paddingInline: 0 }}>
                  <CheckOutlined style={{ color: '#52c41a', marginRight: 8 }} />
                  {t(point, { quota: formatNumber(plan.daily_report_quota, i18n.language) })}
                </List.Item>
              )}
            />
          </Card>
        );
        return (
          <Col xs={24} sm={12} xl={8} key={plan.code}>
            {plan.best_seller ? (
              <Badge.Ribbon text={t('plans.bestSeller')} color="gold">
                {card}
              </Badge.Ribbon>
            ) : (
              card
            )}
          </Col>
        );
      })}
    </Row>
  );
}
