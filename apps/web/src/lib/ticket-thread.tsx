import type { TicketStatus } from '@crossmarket/domain';
import { Flex, Tag, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from './dayjs';

/** A ticket's status tag colour, the same on the support page and in the console. */
export const TICKET_STATUS_COLORS: Record<TicketStatus, string> = {
  open: 'gold',
  answered: 'blue',
  closed: 'default',
};

export interface ThreadEntry {
  author: 'seller' | 'operator';
  /** Who answered, for the console; the seller's own view leaves it out. */
  author_email?: string;
  message: string;
  created_at: string;
}

/** A ticket's messages (the support page's "My tickets", the console's ticket), oldest first: the seller's and support's, told apart by label and border. */
export function TicketThread({ entries, viewer }: { entries: ThreadEntry[]; viewer: 'seller' | 'operator' }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Flex vertical gap={12} data-testid="ticket-thread">
      {entries.map((entry, i) => {
        const fromSupport = entry.author === 'operator';
        const who = fromSupport
          ? viewer === 'operator' && entry.author_email
            ? entry.author_email
            : t('support.tickets.fromSupport')
          : viewer === 'seller'
            ? t('support.tickets.fromYou')
            : t('support.tickets.fromSeller');
        return (
          <div
            key={i}
            style={{
              borderInlineStart: `3px solid ${fromSupport ? token.colorPrimary : token.colorBorder}`,
              paddingInlineStart: 12,
            }}
          >
            <Flex gap={8} align="center" wrap>
              <Tag color={fromSupport ? 'blue' : 'default'}>{who}</Tag>
              <Typography.Text type="secondary">
                {dayjs(entry.created_at).format('YYYY-MM-DD HH:mm')}
              </Typography.Text>
            </Flex>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: '4px 0 0' }}>
              {entry.message}
            </Typography.Paragraph>
          </div>
        );
      })}
    </Flex>
  );
}
