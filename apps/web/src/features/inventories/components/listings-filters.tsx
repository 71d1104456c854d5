import { LISTING_STATES, type ListingCounts } from '@crossmarket/domain';
import { Checkbox, Flex, Select } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format-number';
import type { ListingsFilters } from '../api/listings';

/**
 * The listings' filters: a state, those that need the seller, those sync holds back for the seller's
 * choice; each with how many listings it keeps (the server's counts), so a large store is found by page.
 */
export function ListingsFilterBar({
  counts,
  filters,
  onChange,
}: {
  counts: ListingCounts | undefined;
  filters: ListingsFilters;
  onChange: (filters: ListingsFilters) => void;
}) {
  const { t, i18n } = useTranslation();
  const labelId = useId();
  const n = (key: keyof ListingCounts) => (counts ? ` (${formatNumber(counts[key], i18n.language)})` : '');
  return (
    <Flex wrap gap={16} align="center" data-testid="listings-filters">
      <Flex gap={8} align="center">
        <span id={labelId}>{t('listings.filters.state')}</span>
        <Select
          aria-labelledby={labelId}
          style={{ minWidth: 200 }}
          value={filters.state ?? 'all'}
          onChange={(value: string) =>
            onChange({ ...filters, state: value === 'all' ? undefined : (value as ListingsFilters['state']) })
          }
          options={[
            { value: 'all', label: `${t('listings.filters.all')}${n('all')}` },
            ...LISTING_STATES.map((state) => ({
              value: state,
              label: `${t(`listings.state.${state}`)}${n(state)}`,
            })),
          ]}
        />
      </Flex>
      <Checkbox
        checked={filters.attention ?? false}
        onChange={(e) => onChange({ ...filters, attention: e.target.checked || undefined })}
      >
        {`${t('listings.filters.attention')}${n('attention')}`}
      </Checkbox>
      <Checkbox
        checked={filters.held ?? false}
        onChange={(e) => onChange({ ...filters, held: e.target.checked || undefined })}
      >
        {`${t('listings.filters.held')}${n('held')}`}
      </Checkbox>
    </Flex>
  );
}
