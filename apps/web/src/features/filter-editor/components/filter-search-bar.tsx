import { SearchOutlined } from '@ant-design/icons';
import { Flex, Input, Switch, Typography, type InputRef } from 'antd';
import { useId, type Ref } from 'react';
import { useTranslation } from 'react-i18next';

/** The key that focuses the search from anywhere on the page (outside a text field). */
export const SEARCH_SHORTCUT = '/';

export interface FilterSearchBarProps {
  query: string;
  onQuery: (query: string) => void;
  activeOnly: boolean;
  onActiveOnly: (activeOnly: boolean) => void;
  inputRef?: Ref<InputRef>;
}

/** The search over the cards' titles and hints, and the "Show active only" switch. */
export function FilterSearchBar({
  query,
  onQuery,
  activeOnly,
  onActiveOnly,
  inputRef,
}: FilterSearchBarProps) {
  const { t } = useTranslation();
  const hintId = useId();
  const switchId = useId();
  return (
    <Flex gap={16} wrap align="center">
      <Flex vertical gap={2} style={{ flex: '1 1 260px', maxWidth: 420 }}>
        <Input
          ref={inputRef}
          type="search"
          allowClear
          prefix={<SearchOutlined aria-hidden />}
          value={query}
          onChange={(e) => onQuery(e.target.value)}
          placeholder={t('reportDetail.filters.search')}
          aria-label={t('reportDetail.filters.search')}
          // Announced with the field, and written under it for sighted keyboard users.
          aria-keyshortcuts={SEARCH_SHORTCUT}
          aria-describedby={hintId}
          data-testid="filter-search"
        />
        <Typography.Text type="secondary" id={hintId} style={{ fontSize: 12 }}>
          {t('reportDetail.filters.searchShortcut', { key: SEARCH_SHORTCUT })}
        </Typography.Text>
      </Flex>
      <Flex gap={8} align="center">
        <Switch id={switchId} size="small" checked={activeOnly} onChange={onActiveOnly} />
        <label htmlFor={switchId}>{t('reportDetail.filters.activeOnly')}</label>
      </Flex>
    </Flex>
  );
}
