import { BellOutlined } from '@ant-design/icons';
import { Badge, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useNotifications } from '../api/watches';

/**
 * The header's bell: a link to the notifications list whose badge is the unread count, and whose name
 * says it ("Notifications, 3 unread"). It reads the list the page reads, polled every few minutes.
 */
export function NotificationsBell() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { data } = useNotifications();
  const unread = data?.unread ?? 0;
  return (
    <Link
      to="/notifications"
      aria-label={
        // The badge's own text ("99+") is inside the name, so what a voice user reads is what they say.
        unread > 0
          ? t('notifications.bellUnread', { count: unread, shown: unread > 99 ? '99+' : unread })
          : t('notifications.title')
      }
      data-testid="notifications-bell"
      style={{ display: 'inline-flex', padding: 8, color: token.colorText, lineHeight: 1 }}
    >
      {/* The primary blue, as the filters' count: antd's red under white text misses 4.5:1. */}
      <Badge count={unread} overflowCount={99} color="blue" size="small">
        <BellOutlined aria-hidden style={{ fontSize: 18 }} />
      </Badge>
    </Link>
  );
}
