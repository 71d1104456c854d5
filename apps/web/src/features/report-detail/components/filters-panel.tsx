import type { ActiveFilter } from '@crossmarket/domain';
import { SearchOutlined } from '@ant-design/icons';
import { Alert, Badge, Collapse, Flex, Input, Tabs, type InputRef } from 'antd';
import { memo, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_SHORTCUT, type Draft, type Drafts, type FilterOptionLists } from '../../filter-editor';
import { LoadFilterSet } from '../../filter-sets';
import type { ReportDetail } from '../api/report';
import { FiltersTab } from './filters-tab';
import type { Countries } from './product-cells';
import { SettingsTab } from './settings-tab';

export interface FiltersPanelProps {
  report: ReportDetail;
  /** How many filters are applied (the header's badge). */
  appliedCount: number;
  /** The cards' drafts and problems, and the change of one card (useFilterForm). */
  drafts: Drafts;
  errors: Readonly<Record<string, string>>;
  onDraft: (id: string, draft: Draft) => void;
  settingsDefined: boolean;
  countries: Countries;
  options: FilterOptionLists;
  /** The view's actions (useReportView): apply answers whether the cards were applied. */
  onApply: () => boolean;
  onReset: () => void;
  onSave: () => void;
  onLoadSet: (filters: ActiveFilter[]) => void;
  open: boolean;
  onOpen: (open: boolean) => void;
  tab: string;
  onTab: (tab: string) => void;
  /** After the filters or the settings were applied: the page shows the table. */
  onApplied: () => void;
}

/**
 * The collapsible Filters and Settings tabs, with the count of applied filters on its header. Memoised:
 * about 100 cards and the settings form sit here, and neither a new page of rows nor the URL change of
 * an Apply (whose cards already say what is applied) changes any of its props.
 */
export const FiltersPanel = memo(function FiltersPanel({
  report,
  appliedCount,
  drafts,
  errors,
  onDraft,
  settingsDefined,
  countries,
  options,
  onApply,
  onReset,
  onSave,
  onLoadSet,
  open,
  onOpen,
  tab,
  onTab,
  onApplied,
}: FiltersPanelProps) {
  const { t } = useTranslation();
  const searchRef = useRef<InputRef>(null);
  const [focusSearch, setFocusSearch] = useState(0);
  const [query, setQuery] = useState('');
  // Typing in the collapsed bar opens the cards with those words and carries on in the panel's field.
  const searchFromBar = (words: string) => {
    setQuery(words);
    onOpen(true);
    onTab('filters');
    setFocusSearch((n) => n + 1);
  };

  // The shortcut opens the panel on its Filters tab first when needed, then focuses the search.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== SEARCH_SHORTCUT || e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
      const target = e.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"], [role="combobox"]')) return;
      e.preventDefault();
      onOpen(true);
      onTab('filters');
      setFocusSearch((n) => n + 1);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onOpen, onTab]);
  // The panel's content may only show a few frames after it opens: focus once the field can take it.
  useEffect(() => {
    if (focusSearch === 0) return;
    let frame = 0;
    let tries = 0;
    const attempt = () => {
      const input = searchRef.current?.input;
      input?.focus();
      if (document.activeElement !== input && tries++ < 60) {
        frame = requestAnimationFrame(attempt);
        return;
      }
      // The words typed in the collapsed bar go on where they ended.
      const end = input?.value.length ?? 0;
      input?.setSelectionRange(end, end);
    };
    attempt();
    return () => cancelAnimationFrame(frame);
  }, [focusSearch]);

  return (
    <Collapse
      activeKey={open ? ['panel'] : []}
      onChange={(keys) => onOpen(keys.includes('panel'))}
      items={[
        {
          key: 'panel',
          // Only the title opens and closes it: the search beside it takes clicks of its own.
          collapsible: 'header',
          extra: open ? null : (
            <Input
              type="search"
              size="small"
              prefix={<SearchOutlined aria-hidden />}
              value={query}
              onChange={(e) => searchFromBar(e.target.value)}
              placeholder={t('reportDetail.filters.search')}
              aria-label={t('reportDetail.filters.search')}
              aria-keyshortcuts={SEARCH_SHORTCUT}
              style={{ width: 'min(280px, 40vw)' }}
              data-testid="filter-bar-search"
            />
          ),
          label: (
            <Flex gap={8} align="center">
              <span>{t('reportDetail.panel')}</span>
              <Badge count={appliedCount} showZero color="blue" data-testid="active-filters-badge" />
            </Flex>
          ),
          children: (
            <Flex vertical gap={12}>
              <Alert type="info" showIcon title={t('reportDetail.andNote')} />
              <Tabs
                activeKey={tab}
                onChange={onTab}
                items={[
                  {
                    key: 'filters',
                    label: t('reportDetail.tabs.filters'),
                    children: (
                      <FiltersTab
                        drafts={drafts}
                        errors={errors}
                        onDraft={onDraft}
                        settingsDefined={settingsDefined}
                        countries={countries}
                        options={options}
                        onApply={() => {
                          if (onApply()) onApplied();
                        }}
                        onReset={onReset}
                        onSave={onSave}
                        loadSet={<LoadFilterSet onLoad={onLoadSet} />}
                        searchRef={searchRef}
                        query={query}
                        onQuery={setQuery}
                      />
                    ),
                  },
                  {
                    key: 'settings',
                    label: t('reportDetail.tabs.settings'),
                    children: <SettingsTab report={report} onApplied={onApplied} />,
                  },
                ]}
              />
            </Flex>
          ),
        },
      ]}
    />
  );
});
