import type { LaneResponse } from '@crossmarket/domain';
import { List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format-number';
import { ruleById } from '@crossmarket/domain';
import { AssumedMark, RuleSources, ruleName } from './rule-source';

/** The rule rows a lane uses today: family, rate, name and id, sources (linked) and start date, assumed marked. */
export function RulesInForce({ rules }: { rules: LaneResponse['rules'] }) {
  const { t, i18n } = useTranslation();
  return (
    <List
      size="small"
      data-testid="rules-in-force"
      dataSource={rules}
      renderItem={({ family, row }) => (
        <List.Item data-testid={`rule-${family}`}>
          <Typography.Text strong>{t(`lanes.families.${family}`)}</Typography.Text>
          {row === null ? (
            <Typography.Text type="secondary">{t('lanes.notApplicable')}</Typography.Text>
          ) : (
            <span>
              {row.rate !== null &&
                `${formatNumber(row.rate, i18n.language, { maximumFractionDigits: 3 })} % · `}
              {/* The row's name in words; its id stays beside it for support and the breakdown's lines. */}
              {ruleName(t, i18n.language, ruleById(row.id) ?? { ...row })}{' '}
              <Typography.Text type="secondary" code>
                {row.id}
              </Typography.Text>{' '}
              <RuleSources source={row.source} effectiveFrom={row.effective_from} />{' '}
              {row.assumed && <AssumedMark hint={t('lanes.assumedRuleHint')} />}
            </span>
          )}
        </List.Item>
      )}
    />
  );
}
