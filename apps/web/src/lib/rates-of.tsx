import type { RatesOf as RatesOfValue } from '@crossmarket/domain';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from './dayjs';

/**
 * Which exchange rates priced the figures, and of what day ("Rates of 13 April 2026, ECB"): a report, an
 * inventory's last update and a listing run each keep theirs, so a seller can tell how old they are.
 */
export function RatesOf({ of, testId = 'rates-of' }: { of: RatesOfValue | null; testId?: string }) {
  const { t } = useTranslation();
  if (!of) return null;
  return (
    <Typography.Text type="secondary" data-testid={testId}>
      {t(`ratesOf.${of.source}`, { date: dayjs(of.as_of).format('D MMMM YYYY') })}
    </Typography.Text>
  );
}
