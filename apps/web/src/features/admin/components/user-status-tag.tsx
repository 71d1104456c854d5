import type { AdminUserStatus } from '@crossmarket/domain';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<AdminUserStatus, string> = {
  active: 'green',
  not_activated: 'default',
  suspended: 'red',
  locked_out: 'orange',
  expired: 'gold',
};

export function UserStatusTag({ status }: { status: AdminUserStatus }) {
  const { t } = useTranslation();
  return <Tag color={COLORS[status]}>{t(`admin.status.${status}`)}</Tag>;
}
