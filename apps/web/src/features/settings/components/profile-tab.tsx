import type { ProfileInput } from '@crossmarket/domain';
import { App, Button, Form, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { useUpdateProfile } from '../../account';
import { useMe } from '../../account';
import { addressValues, AddressFields } from '../../account';

export function ProfileTab() {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const update = useUpdateProfile();
  const { message } = App.useApp();
  if (!me) return <Skeleton active />;
  const initial = addressValues(me.profile);
  const onFinish = (values: ProfileInput) =>
    update.mutate(values, {
      onSuccess: () => message.success(t('common.success'), 3),
      onError: (error) => message.error(errorMessage(error, t), 4),
    });
  return (
    <Form
      layout="vertical"
      initialValues={initial}
      onFinish={onFinish}
      disabled={update.isPending}
      style={{ maxWidth: 760 }}
    >
      <AddressFields pick={(s) => s.profileSchema} />
      <Button type="primary" htmlType="submit" loading={update.isPending}>
        {t('common.save')}
      </Button>
    </Form>
  );
}
