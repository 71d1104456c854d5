import type { StartingRateCard } from '@crossmarket/domain';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from '../../../lib/dayjs';
import { formatMoney } from '../../../lib/format-number';

/**
 * A lane's starting rate card in words: its figures, marked assumed, with where they come from and of
 * what day (domain starting-rate-cards.ts), so a seller knows to replace it with their courier's quote.
 */
export function StartingCardText({ start }: { start: StartingRateCard }) {
  const { t, i18n } = useTranslation();
  const { card } = start;
  return (
    <Typography.Text type="secondary" data-testid="starting-card-text">
      {t('lanes.startingCard.figures', {
        perParcel: formatMoney(card.per_parcel, card.currency, i18n.language),
        perKg: formatMoney(card.per_kg, card.currency, i18n.language),
      })}{' '}
      {t('lanes.startingCard.assumed', {
        source: start.source,
        date: dayjs(start.as_of).format('D MMMM YYYY'),
      })}
    </Typography.Text>
  );
}
