import { Card, Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from '../../../lib/dayjs';
import { useMe } from '../../account/api/use-me';

/** The account summary; payment details, invoices and upgrades join it with billing. */
export function BillingTab() {
  const { t } = useTranslation();
  const { data: me } = useMe();
  if (!me) return null;
  const end = me.user_data.subscription_end;
  return (
    <Card title={t('billing.summary')} style={{ maxWidth: 760 }}>
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label={t('billing.plan')}>{me.user_data.plan.name}</Descriptions.Item>
        <Descriptions.Item label={t('billing.renewal')}>
          {end ? dayjs(end).tz().format('LL HH:mm') : '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('billing.autopay')}>
          <Tag color={me.profile.autopay ? 'green' : 'orange'}>
            {me.profile.autopay ? t('billing.on') : t('billing.off')}
          </Tag>
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
