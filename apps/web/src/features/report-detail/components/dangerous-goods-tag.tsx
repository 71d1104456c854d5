import { dangerousGoodsOf, type DangerousGoods } from '@crossmarket/domain';
import { Alert, Flex, Popover, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResultRowView } from '../api/filter-results';

type Sides = Pick<ResultRowView, 'row_cross' | 'row_to'>;
type Leg = { from: { name: string }; to: { name: string } };

/** What the catalogue declared, one line each, and why it matters for the international leg. */
function Details({ dg, countries }: { dg: DangerousGoods; countries: Leg }) {
  const { t } = useTranslation();
  const lines = [
    dg.regulations.length > 0 &&
      t('reportDetail.dangerousGoods.regulations', { list: dg.regulations.join(', ') }),
    dg.batteries === 'included' && t('reportDetail.dangerousGoods.batteriesIncluded'),
    dg.batteries === 'required' && t('reportDetail.dangerousGoods.batteriesRequired'),
    dg.lithium &&
      (dg.lithium_wh !== null
        ? t('reportDetail.dangerousGoods.lithiumWh', { wh: dg.lithium_wh })
        : t('reportDetail.dangerousGoods.lithium')),
  ].filter((line): line is string => typeof line === 'string');
  return (
    <Flex vertical gap={4} style={{ maxWidth: 360 }} data-testid="dangerous-goods-details">
      <ul style={{ margin: 0, paddingInlineStart: 18 }}>
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <Typography.Text>
        {t('reportDetail.dangerousGoods.note', { from: countries.from.name, to: countries.to.name })}
      </Typography.Text>
    </Flex>
  );
}

/**
 * A row's dangerous goods tag (nothing when the catalogue declares none); a click opens what was declared
 * and the air carriers' restriction, mounted on the first click only, as the row's other popovers.
 */
export function DangerousGoodsTag({ row, countries }: { row: Sides; countries: Leg }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const dg = dangerousGoodsOf(row);
  if (!dg) return null;
  const label = t('reportDetail.dangerousGoods.tag');
  const button = (
    <button
      type="button"
      className="cm-tag cm-tag-orange"
      data-testid="dangerous-goods-tag"
      onClick={() => setOpen(true)}
    >
      {label}
    </button>
  );
  if (!open) return button;
  return (
    <Popover trigger="click" defaultOpen title={label} content={<Details dg={dg} countries={countries} />}>
      {button}
    </Popover>
  );
}

/** The Sellers & Prices drawer's note: the tag's details, shown at once. */
export function DangerousGoodsNote({ row, countries }: { row: Sides; countries: Leg }) {
  const { t } = useTranslation();
  const dg = dangerousGoodsOf(row);
  if (!dg) return null;
  return (
    <Alert
      type="warning"
      showIcon
      title={t('reportDetail.dangerousGoods.title')}
      description={<Details dg={dg} countries={countries} />}
      data-testid="dangerous-goods-note"
    />
  );
}
