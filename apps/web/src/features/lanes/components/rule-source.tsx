import { ExclamationCircleOutlined } from '@ant-design/icons';
import { ruleById } from '@crossmarket/domain';
import { Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from '../../../lib/dayjs';

/**
 * The mark on a figure or rule that rests on a default, an unverified rule or a missing setting: an icon
 * and a word, so it does not depend on colour; the tooltip says why.
 */
export function AssumedMark({ hint }: { hint?: string }) {
  const { t } = useTranslation();
  const tag = (
    <Tag color="warning" icon={<ExclamationCircleOutlined aria-hidden="true" />} data-testid="assumed-mark">
      {t('lanes.assumed')}
    </Tag>
  );
  return <Tooltip title={hint ?? t('lanes.assumedHint')}>{tag}</Tooltip>;
}

/** "Sources S1 S4 · in force since 4 Jan 2021" for a rule row. */
export function sourceText(
  t: (key: string, options?: Record<string, unknown>) => string,
  source: string,
  effectiveFrom: string,
) {
  return t('lanes.sourceSince', { source, date: dayjs(effectiveFrom).format('LL') });
}

/**
 * What a money line's `rule` names, in words: a dated rule row with its sources, one of the lane's
 * settings, Amazon's estimate, the category table, or a figure of the offer.
 */
export function RuleSource({ rule }: { rule: string | null }) {
  const { t, i18n } = useTranslation();
  if (rule === null) return null;
  const row = ruleById(rule);
  if (row)
    return (
      <Typography.Text type="secondary" data-testid="rule-source">
        <Typography.Text code>{row.id}</Typography.Text> {sourceText(t, row.source, row.effective_from)}
      </Typography.Text>
    );
  // A named rule of its own ('amazon.fee_estimate' → lanes.rule.amazon_fee_estimate), else a lane setting.
  const own = `lanes.rule.${rule.replaceAll('.', '_')}`;
  const [scope, name] = rule.split('.', 2) as [string, string | undefined];
  const text = i18n.exists(own)
    ? t(own)
    : scope === 'lane' && name
      ? t('lanes.rule.lane', { setting: t(`lanes.fields.${name}`, { defaultValue: name }) })
      : rule;
  return (
    <Typography.Text type="secondary" data-testid="rule-source">
      {text}
    </Typography.Text>
  );
}
