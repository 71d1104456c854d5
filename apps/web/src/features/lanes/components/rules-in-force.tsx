import type { LaneResponse } from '@crossmarket/domain';
import { List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format-number';
import { AssumedMark, sourceText } from './rule-source';

/** The rule rows a lane uses today: family, rate, rule id, sources and start date, assumed ones marked. */
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
              <Typography.Text code>{row.id}</Typography.Text>{' '}
              <Typography.Text type="secondary">
                {sourceText(t, row.source, row.effective_from)}
              </Typography.Text>{' '}
              {row.assumed && <AssumedMark hint={t('lanes.assumedRuleHint')} />}
            </span>
          )}
        </List.Item>
      )}
    />
  );
}
