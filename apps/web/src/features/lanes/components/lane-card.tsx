import type { LaneResponse, RegionCode } from '@crossmarket/domain';
import { Alert, Card, Divider, Skeleton, Tag } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Flag, regionName } from '../../../lib/country';
import dayjs from '../../../lib/dayjs';
import { errorMessage } from '../../../lib/error-message';
import { useLane } from '../api/lanes';
import { laneAnchor } from '../lane-link';
import { LaneForm } from './lane-form';
import { RulesInForce } from './rules-in-force';

/** "United States → Canada" with flags, in the interface language. */
export function LaneName({ from, to }: { from: RegionCode; to: RegionCode }) {
  const { i18n } = useTranslation();
  return (
    <span>
      <Flag code={from} /> {regionName(from, i18n.language)} → <Flag code={to} />{' '}
      {regionName(to, i18n.language)}
    </span>
  );
}

/** One lane: its settings (a form) and the rules it uses today with their sources and dates. */
export function LaneCard({ lane }: { lane: LaneResponse }) {
  const { t } = useTranslation();
  const rulesId = useId();
  return (
    <Card
      id={laneAnchor(lane.from, lane.to)}
      data-testid={`lane-card-${lane.from}-${lane.to}`}
      title={<LaneName from={lane.from} to={lane.to} />}
      extra={
        lane.saved && lane.updated_at ? (
          <Tag color="success">{t('lanes.savedOn', { date: dayjs(lane.updated_at).format('LL') })}</Tag>
        ) : (
          <Tag>{t('lanes.defaults')}</Tag>
        )
      }
    >
      <LaneForm lane={lane} />
      <Divider titlePlacement="start">
        <span id={rulesId}>{t('lanes.rulesTitle')}</span>
      </Divider>
      <section aria-labelledby={rulesId}>
        <RulesInForce rules={lane.rules} />
      </section>
    </Card>
  );
}

/** A lane the seller is adding (not saved, no report on it yet): read first, for its rules. */
export function NewLaneCard({ from, to }: { from: RegionCode; to: RegionCode }) {
  const { t } = useTranslation();
  const lane = useLane(from, to);
  if (lane.data) return <LaneCard lane={lane.data} />;
  return (
    <Card title={<LaneName from={from} to={to} />} aria-busy={!lane.isError}>
      {lane.isError ? (
        <Alert type="error" showIcon title={errorMessage(lane.error, t)} />
      ) : (
        <Skeleton active />
      )}
    </Card>
  );
}
