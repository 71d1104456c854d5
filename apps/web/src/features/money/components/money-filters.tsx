import { Button, Flex, Select } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Labelled } from '../../../lib/labelled';
import { useMoneyFormat } from '../format';
import { lastMonths, monthName } from '../months';
import type { MoneyRange } from '../api/money';

/** The months a seller can pick: the last two years (the longest range the summary takes). */
const PICKABLE = 24;

/**
 * The range (from and to, whole months) and the lane; a `from` after `to` swaps them, so the range
 * is always one the server takes.
 */
export function MoneyFilters({
  range,
  lanes,
  onChange,
  onExport,
  exporting,
}: {
  range: MoneyRange;
  /** The lanes with money in the range (`us-ca`). */
  lanes: string[];
  onChange: (next: MoneyRange) => void;
  onExport: () => void;
  exporting: boolean;
}) {
  const { t } = useTranslation();
  const f = useMoneyFormat();
  const months = lastMonths(PICKABLE).reverse();
  for (const m of [range.from, range.to]) if (!months.includes(m)) months.push(m);
  const options = months.map((m) => ({ value: m, label: monthName(m) }));
  const set = (from: string, to: string) =>
    onChange({ ...range, from: from <= to ? from : to, to: from <= to ? to : from });
  const laneOptions = [...new Set([...lanes, ...(range.lane ? [range.lane] : [])])].sort();
  return (
    <Flex wrap gap={16} align="center" data-testid="money-filters">
      <Labelled label={t('money.filters.from')}>
        {(id) => (
          <Select<string>
            aria-labelledby={id}
            style={{ minWidth: 170 }}
            value={range.from}
            onChange={(from) => set(from, range.to)}
            options={options}
          />
        )}
      </Labelled>
      <Labelled label={t('money.filters.to')}>
        {(id) => (
          <Select<string>
            aria-labelledby={id}
            style={{ minWidth: 170 }}
            value={range.to}
            onChange={(to) => set(range.from, to)}
            options={options}
          />
        )}
      </Labelled>
      <Labelled label={t('money.filters.lane')}>
        {(id) => (
          <Select<string>
            aria-labelledby={id}
            style={{ minWidth: 240 }}
            value={range.lane ?? 'all'}
            onChange={(lane) => onChange({ ...range, lane: lane === 'all' ? undefined : lane })}
            options={[
              { value: 'all', label: t('money.filters.allLanes') },
              ...laneOptions.map((l) => {
                const [from, to] = l.split('-') as [string, string];
                return { value: l, label: f.lane({ from, to }) };
              }),
            ]}
          />
        )}
      </Labelled>
      <Button icon={<DownloadOutlined />} onClick={onExport} loading={exporting} data-testid="money-export">
        {t('money.export')}
      </Button>
    </Flex>
  );
}
