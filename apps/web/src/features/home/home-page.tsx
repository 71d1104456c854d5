import { Alert, Card, Col, Progress, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber } from '../../lib/format-number';
import { usePageTitle } from '../../lib/page-title';
import { useMe } from '../account';
import { AmazonConnectPrompt } from '../settings';

export function HomePage() {
  const { t, i18n } = useTranslation();
  usePageTitle('home.page');
  const { data: me } = useMe();
  if (!me) return null;
  const quota = me.user_data.plan.daily_report_quota;
  const remaining = Math.max(0, quota - me.usage.r_count);
  const inventoryQuota = me.user_data.plan.inventory_quota;
  const inventoryUsed = me.usage.ip_count;
  return (
    <>
      <Typography.Title level={2}>
        {t('home.greeting', { name: me.profile.first_name ?? '' })}
      </Typography.Title>
      <Typography.Title level={4}>{t('home.yourAccount')}</Typography.Title>
      {!me.profile.autopay && (
        <Alert type="warning" showIcon title={t('home.autopayOff')} style={{ marginBottom: 16 }} />
      )}
      <AmazonConnectPrompt style={{ marginBottom: 16 }} />
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12}>
          <Card
            title={t('home.subscription')}
            extra={
              me.profile.autopay ? (
                <Link to="/settings/billing">{t('home.upgrade')}</Link>
              ) : (
                <Link to="/settings/billing">{t('home.goSettings')}</Link>
              )
            }
          >
            <Statistic title={t('home.plan')} value={me.user_data.plan.name} />
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card title={t('home.reports')}>
            <Statistic
              title={t('home.remainingToday')}
              value={formatNumber(remaining, i18n.language)}
              suffix={`/ ${formatNumber(quota, i18n.language)}`}
              data-testid="remaining-quota"
            />
            <Progress
              percent={quota ? Math.round((remaining / quota) * 100) : 0}
              showInfo={false}
              aria-label={t('home.remainingToday')}
            />
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card title={t('home.inventories')} extra={<Link to="/inventories">{t('nav.inventories')}</Link>}>
            <Statistic
              title={t('home.inventoryProducts')}
              value={formatNumber(inventoryUsed, i18n.language)}
              suffix={`/ ${formatNumber(inventoryQuota, i18n.language)}`}
              data-testid="inventory-quota"
            />
            <Progress
              percent={inventoryQuota ? Math.min(100, Math.round((inventoryUsed / inventoryQuota) * 100)) : 0}
              showInfo={false}
              aria-label={t('home.inventoryProducts')}
            />
          </Card>
        </Col>
      </Row>
    </>
  );
}
