import { Flex, Select, Typography } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format-number';
import type { ReportDetail } from '../api/report';
import type { ReportViewModel } from '../use-report-view';
import { SORT_OPTIONS } from '../view-state';
import { ActionsCards } from './actions-cards';
import { RestrictionTag } from './restriction-tag';
import { ResultsTable, SelectAllToggle } from './results-table';
import type { ResultRowView } from '../api/filter-results';

export interface ResultsSectionProps {
  report: ReportDetail;
  model: ReportViewModel;
  onSellers: (productId: string) => void;
  onRates: (productId: string) => void;
  onBackToFilters: () => void;
  onExport: () => void;
  /** The pager's choice (the page scrolls to the table's top). */
  onPage: (page: number, size: number) => void;
}

/** "filtered / total products", the sort, the table with its selection, and the actions on it. */
export function ResultsSection({ report, model, ...on }: ResultsSectionProps) {
  const { t, i18n } = useTranslation();
  const { view, setView, results, selection } = model;
  const filteredCount = results.data?.filtered_count ?? 0;
  const hasPhase = report.restrictions !== null;
  const reportId = report.id;
  const running = report.restrictions?.state === 'waiting' || report.restrictions?.state === 'checking';
  const tag = useCallback(
    (row: ResultRowView) => <RestrictionTag reportId={reportId} row={row} running={running} />,
    [reportId, running],
  );
  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <Typography.Title level={4} style={{ margin: 0 }} data-testid="results-heading">
          {t('reportDetail.heading', {
            filtered: formatNumber(filteredCount, i18n.language),
            total: formatNumber(results.data?.total ?? 0, i18n.language),
          })}
        </Typography.Title>
        <Select
          aria-label={t('reportDetail.sort.label')}
          value={view.sort}
          onChange={(sort) => setView({ sort, page: 1 })}
          options={SORT_OPTIONS.map((o) => ({
            value: o,
            label: t(`reportDetail.sort.${o.replace('$', '')}`),
          }))}
          style={{ minWidth: 220 }}
          data-testid="sort-select"
        />
      </Flex>
      <ResultsTable
        reportId={reportId}
        results={results.data}
        loading={results.isLoading}
        countries={model.countries}
        page={view.page}
        size={view.size}
        onPage={on.onPage}
        selected={selection.selected}
        onSelectPage={selection.setPage}
        onSellers={on.onSellers}
        onRates={on.onRates}
        restrictionOf={hasPhase ? tag : undefined}
        onBackToFilters={on.onBackToFilters}
        lane={report.lane?.settings ?? null}
      />
      <div style={{ marginTop: 12 }}>
        <SelectAllToggle
          count={filteredCount}
          allSelected={selection.allSelected}
          selectedCount={selection.selected.size}
          onSelectAll={selection.selectAll}
          idsFailed={model.ids.isError}
          onRetryIds={() => void model.ids.refetch()}
          onClear={selection.clear}
        />
      </div>
      <div style={{ marginTop: 16 }}>
        <ActionsCards
          report={report}
          selected={selection.selected}
          filteredCount={filteredCount}
          loadIds={model.loadIds}
          settingsDefined={model.settingsDefined}
          onExport={on.onExport}
        />
      </div>
    </>
  );
}
