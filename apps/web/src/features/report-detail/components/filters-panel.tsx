import { Alert, Badge, Collapse, Flex, Tabs, type InputRef } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_SHORTCUT } from '../../filter-editor';
import { LoadFilterSet } from '../../filter-sets';
import type { ReportDetail } from '../api/report';
import type { ReportViewModel } from '../use-report-view';
import { FiltersTab } from './filters-tab';
import { SettingsTab } from './settings-tab';

export interface FiltersPanelProps {
  report: ReportDetail;
  model: ReportViewModel;
  open: boolean;
  onOpen: (open: boolean) => void;
  tab: string;
  onTab: (tab: string) => void;
  /** After the filters or the settings were applied: the page shows the table. */
  onApplied: () => void;
}

/** The collapsible Filters and Settings tabs, with the count of applied filters on its header. */
export function FiltersPanel({ report, model, open, onOpen, tab, onTab, onApplied }: FiltersPanelProps) {
  const { t } = useTranslation();
  const { form } = model;
  const searchRef = useRef<InputRef>(null);
  const [focusSearch, setFocusSearch] = useState(0);

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
      if (document.activeElement !== input && tries++ < 60) frame = requestAnimationFrame(attempt);
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
          label: (
            <Flex gap={8} align="center">
              <span>{t('reportDetail.panel')}</span>
              <Badge
                count={model.applied.filters.length}
                showZero
                color="blue"
                data-testid="active-filters-badge"
              />
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
                        drafts={form.drafts}
                        errors={form.errors}
                        onDraft={form.onDraft}
                        settingsDefined={model.settingsDefined}
                        countries={model.countries}
                        options={model.options}
                        onApply={() => {
                          if (model.apply()) onApplied();
                        }}
                        onReset={model.reset}
                        onSave={model.save}
                        loadSet={<LoadFilterSet onLoad={model.loadSet} />}
                        searchRef={searchRef}
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
}
