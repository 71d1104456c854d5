import { isStartingRateCard, type ReportDetail } from '@crossmarket/domain';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import dayjs from '../../../lib/dayjs';
import { LaneName, laneHref } from '../../lanes';

/**
 * The lane the report is priced with (its snapshot: settings and the day whose rules apply), with a link
 * to the lane's card on Settings → Lanes. Saving the report's settings re-prices it with the lane in force.
 */
export function ReportLane({ report }: { report: ReportDetail }) {
  const { t } = useTranslation();
  const lane = report.lane;
  const link = (
    <Link to={laneHref(report.from_country, report.to_country)} data-testid="report-lane-link">
      {t('reportDetail.lane.open')}
    </Link>
  );
  if (!lane)
    return (
      <Typography.Paragraph type="secondary" data-testid="report-lane">
        {t('reportDetail.lane.none')} {link}
      </Typography.Paragraph>
    );
  const s = lane.settings;
  const facts = [
    t(`lanes.options.mode.${s.mode}`),
    ...(s.mode === 'landed'
      ? [
          t(`lanes.options.route.${s.route}`),
          t(`lanes.options.carrier.${s.carrier}`),
          t(
            !s.rate_card
              ? 'reportDetail.lane.noRateCard'
              : isStartingRateCard(report.from_country, report.to_country, s.rate_card)
                ? 'reportDetail.lane.startingRateCard'
                : 'reportDetail.lane.rateCard',
          ),
        ]
      : []),
  ];
  return (
    <Flex wrap gap={8} align="baseline" data-testid="report-lane">
      <Typography.Text>
        {t('reportDetail.lane.pricedOn')} <LaneName from={report.from_country} to={report.to_country} />
      </Typography.Text>
      <Typography.Text type="secondary" data-testid="report-lane-facts">
        {facts.join(' · ')} · {t('reportDetail.lane.rulesOf', { date: dayjs(lane.on).format('LL') })}
      </Typography.Text>
      {link}
    </Flex>
  );
}
