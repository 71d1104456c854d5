import { buyingRegions, sellingRegions, type RegionCode } from '@crossmarket/domain';
import { Alert, Button, Empty, Flex, Form, Select, Skeleton, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { countryOption } from '../../../lib/country';
import { errorMessage } from '../../../lib/error-message';
import { useLanes } from '../api/lanes';
import { LaneCard, NewLaneCard } from './lane-card';

type LaneKey = `${RegionCode}-${RegionCode}`;
const keyOf = (from: RegionCode, to: RegionCode): LaneKey => `${from}-${to}`;

/** Picks a buying and a selling marketplace to set a lane before any report uses it. */
function AddLane({ onAdd }: { onAdd: (from: RegionCode, to: RegionCode) => void }) {
  const { t, i18n } = useTranslation();
  const [from, setFrom] = useState<RegionCode>();
  const [to, setTo] = useState<RegionCode>();
  return (
    <Form layout="inline" onFinish={() => from && to && onAdd(from, to)} data-testid="add-lane">
      <Form.Item label={t('lanes.from')}>
        <Select
          style={{ minWidth: 200 }}
          aria-label={t('lanes.from')}
          value={from}
          onChange={setFrom}
          options={buyingRegions().map((r) => countryOption(r.code, i18n.language))}
        />
      </Form.Item>
      <Form.Item label={t('lanes.to')}>
        <Select
          style={{ minWidth: 200 }}
          aria-label={t('lanes.to')}
          value={to}
          onChange={setTo}
          options={sellingRegions().map((r) => countryOption(r.code, i18n.language))}
        />
      </Form.Item>
      <Form.Item>
        <Button htmlType="submit" disabled={!from || !to}>
          {t('lanes.add')}
        </Button>
      </Form.Item>
    </Form>
  );
}

/** Brings the card a link points at (`#lane-us-ca`, from a report) into view once it is drawn. */
function useScrollToHash(ready: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || !hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'start' });
  }, [ready, hash]);
}

/**
 * Settings → Lanes: one card per lane the seller uses (saved, or with reports on it), each its settings
 * and the rules in force with their sources; a lane can be added before any report uses it.
 */
export function LanesTab() {
  const { t } = useTranslation();
  const lanes = useLanes();
  const [added, setAdded] = useState<{ from: RegionCode; to: RegionCode }[]>([]);
  useScrollToHash(lanes.isSuccess);
  const listed = new Set(lanes.data?.lanes.map((l) => keyOf(l.from, l.to)));
  const extra = added.filter((a) => !listed.has(keyOf(a.from, a.to)));
  const add = (from: RegionCode, to: RegionCode) =>
    setAdded((list) => (list.some((a) => a.from === from && a.to === to) ? list : [...list, { from, to }]));

  return (
    <Flex vertical gap={16} data-testid="lanes-tab">
      <Typography.Paragraph>{t('lanes.intro')}</Typography.Paragraph>
      <AddLane onAdd={add} />
      {lanes.isPending && <Skeleton active />}
      {lanes.isError && (
        <Alert
          type="error"
          showIcon
          title={errorMessage(lanes.error, t)}
          action={
            <Button size="small" onClick={() => void lanes.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      )}
      {lanes.isSuccess && lanes.data.lanes.length === 0 && extra.length === 0 && (
        <Empty description={t('lanes.empty')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      )}
      {extra.map((a) => (
        <NewLaneCard key={keyOf(a.from, a.to)} from={a.from} to={a.to} />
      ))}
      {lanes.data?.lanes.map((lane) => (
        <LaneCard key={`${keyOf(lane.from, lane.to)}:${lane.updated_at ?? ''}`} lane={lane} />
      ))}
    </Flex>
  );
}
