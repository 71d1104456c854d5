import { Alert, Badge, Collapse, Flex, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
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
