import { ExclamationCircleOutlined } from '@ant-design/icons';
import { REFERENCE_SOURCES, ruleById, ruleFamilyOf, type RuleRow } from '@crossmarket/domain';
import { Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { regionName } from '../../../lib/country';
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

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A rule row's name in words, from its family and what it applies to ("Canada: border, from …"). */
export function ruleName(t: Translate, lang: string, row: RuleRow): string {
  const r = row as RuleRow & Record<string, unknown>;
  const country = (code: unknown) =>
    code === '*' ? t('lanes.anyCountry') : typeof code === 'string' ? regionName(code, lang) : '';
  const store = (code: unknown) => (code === '*' ? t('lanes.everyStore') : country(code));
  switch (ruleFamilyOf(row.id)) {
    case 'price_tax':
    case 'collection':
      return t(`lanes.ruleName.${ruleFamilyOf(row.id)}`, { country: country(r.country) });
    case 'border':
      return t('lanes.ruleName.border', {
        country: country(r.country),
        from: country(r.ship_from),
        carrier: t(`lanes.carrier.${r.carrier === '*' ? 'any' : String(r.carrier)}`),
      });
    case 'customs_value':
      return t('lanes.ruleName.customs_value', {
        country: country(r.country),
        basis: t(`lanes.basis.${String(r.basis)}`),
      });
    case 'duty':
      return r.category
        ? t('lanes.ruleName.duty_category', { country: country(r.country), category: r.category })
        : t('lanes.ruleName.duty', { country: country(r.country) });
    case 'fee_tax':
      return t('lanes.ruleName.fee_tax', { store: store(r.store), resident: country(r.resident_of) });
    case 'digital_services_fee':
      return t('lanes.ruleName.digital_services_fee', {
        store: store(r.store),
        established: r.established_in === '*' ? t('lanes.otherCountry') : country(r.established_in),
      });
    case 'conversion_fee':
      return t('lanes.ruleName.conversion_fee');
    default:
      return row.id;
  }
}

/** "Sources: <each source's title, linked> · in force since 4 Jan 2021" for a rule row. */
export function RuleSources({ source, effectiveFrom }: { source: string; effectiveFrom: string }) {
  const { t } = useTranslation();
  const ids = source.match(/\bS\d+\b/g) ?? [];
  return (
    <Typography.Text type="secondary" data-testid="rule-sources">
      {t('lanes.sourcesLabel')}{' '}
      {ids.length === 0
        ? t('lanes.ownChoice')
        : ids.map((id, i) => {
            const found = REFERENCE_SOURCES[id];
            const title = found?.title ?? id;
            return (
              <span key={id}>
                {i > 0 && '; '}
                {found?.url ? (
                  <Typography.Link href={found.url} target="_blank" rel="noopener noreferrer">
                    {title}
                  </Typography.Link>
                ) : (
                  title
                )}
              </span>
            );
          })}{' '}
      · {t('lanes.inForceSince', { date: dayjs(effectiveFrom).format('LL') })}
    </Typography.Text>
  );
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
        {ruleName(t, i18n.language, row)} <Typography.Text code>{row.id}</Typography.Text>{' '}
        <RuleSources source={row.source} effectiveFrom={row.effective_from} />
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
