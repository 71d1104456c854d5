import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { countdown, countdownText, sellerDateTime } from '../deadline';

/**
 * A deadline in the seller's time zone with its countdown ("2 d 4 h left"; past it, "3 h overdue" in the
 * danger colour). `label` names it ("Ship by").
 */
export function DeadlineText({
  at,
  now,
  label,
  overdue,
  testId,
}: {
  at: string;
  now: number;
  label?: string;
  /** The server's verdict, when it has one (it knows business days); otherwise the clock's. */
  overdue?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const c = countdown(at, now);
  const late = overdue ?? c.overdue;
  return (
    <span data-testid={testId}>
      {label && <Typography.Text strong>{label}: </Typography.Text>}
      <time dateTime={at}>{sellerDateTime(at)}</time>{' '}
      <Typography.Text type={late ? 'danger' : c.ms < 24 * 3_600_000 ? 'warning' : 'secondary'}>
        ({countdownText(c, t)})
      </Typography.Text>
    </span>
  );
}
