import { FILTERS_BY_ID, type ActiveFilter } from '@crossmarket/domain';
import { CloseOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { memo, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Countries } from './product-cells';

export interface ActiveFiltersSummaryProps {
  filters: readonly ActiveFilter[];
  countries: Countries;
  /** Takes one filter off the applied view (the table is fetched again). */
  onRemove: (id: string) => void;
}

/**
 * The applied filters in a line above the table, each one a button that removes it: a seller sees what
 * the rows are filtered by without opening the panel.
 */
export const ActiveFiltersSummary = memo(function ActiveFiltersSummary({
  filters,
  countries,
  onRemove,
}: ActiveFiltersSummaryProps) {
  const { t } = useTranslation();
  const labelId = useId();
  if (filters.length === 0) return null;
  return (
    <Flex gap={6} wrap align="center" data-testid="active-filters-summary" style={{ marginBottom: 12 }}>
      <Typography.Text strong id={labelId}>
        {t('reportDetail.summary.label')}
      </Typography.Text>
      <Flex gap={6} wrap role="list" aria-labelledby={labelId}>
        {filters.map((filter) => {
          const def = FILTERS_BY_ID.get(filter.id);
          if (!def) return null;
          // The side's flag tells a buying-country filter from its selling-country twin.
          const name = `${t(def.labelKey)} (${(def.group === 'cross' ? countries.from : countries.to).flag_code})`;
          return (
            <div role="listitem" key={filter.id}>
              <Button
                size="small"
                icon={<CloseOutlined aria-hidden />}
                iconPlacement="end"
                // The visible name starts the accessible one (WCAG 2.5.3).
                aria-label={t('reportDetail.summary.remove', { name })}
                onClick={() => onRemove(filter.id)}
              >
                {name}
              </Button>
            </div>
          );
        })}
      </Flex>
    </Flex>
  );
});
