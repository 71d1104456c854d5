import { Flex, Result, Skeleton } from 'antd';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useMe } from '../account';
import { SaveFilterSetModal } from '../filter-sets';
import { useReport, type ReportDetail } from './api/report';
import { ActiveFiltersSummary } from './components/active-filters-summary';
import { ChartsPanel } from './components/charts-panel';
import { ExportDrawer } from './components/export-drawer';
import { FiltersPanel } from './components/filters-panel';
import { RatesModal } from './components/rates-modal';
import { ReportHeader } from './components/report-header';
import { ResultsSection } from './components/results-section';
import { SellersDrawer } from './components/sellers-drawer';
import { useFiltersPanelOpen } from './panel-state';
import { useReportView } from './use-report-view';

// At once, not smoothly: a smooth scroll over the ~100 filter cards repaints the page for every step
// while the new rows are on their way (bench: ui.click_to_paint).
const scrollTo = (ref: React.RefObject<HTMLDivElement | null>) =>
  ref.current?.scrollIntoView({ block: 'start' });

/** `/reports/:reportId`: filters, the results table and the sellers of each product. */
export function ReportDetailPage() {
  const { reportId = '' } = useParams();
  const { t } = useTranslation();
  const report = useReport(reportId);

  if (report.isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (!report.data || !report.data.finalized) {
    return (
      <Result
        status="warning"
        title={t('validation.analysis.reportId')}
        extra={<Link to="/reports">{t('reportDetail.backToReports')}</Link>}
      />
    );
  }
  return <ReportAnalysis report={report.data} />;
}

function ReportAnalysis({ report }: { report: ReportDetail }) {
  const model = useReportView(report);
  const { view, applied, request, results, selection } = model;
  const [sellersFor, setSellersFor] = useState<string | null>(null);
  const me = useMe();
  const [panelOpen, setPanelOpen] = useFiltersPanelOpen(me.data?.user.id, applied.filters.length > 0);
  const [tab, setTab] = useState('filters');
  const [exporting, setExporting] = useState(false);
  const [ratesFor, setRatesFor] = useState<string | null>(null);
  const filtersRef = useRef<HTMLDivElement>(null);
  const tableRef = useRef<HTMLDivElement>(null);

  // Frozen while the drawer is open: the export is of what was selected when it opened.
  const exportIds = useMemo(
    () => (exporting ? [...selection.selected] : []),
    [exporting, selection.selected],
  );
  const onApplied = useCallback(() => scrollTo(tableRef), []);
  // A page chosen in the pager starts at its first row, not where the pager left the reader (at the bottom).
  const { changePage } = model;
  const onPage = useCallback(
    (page: number, size: number) => {
      changePage(page, size);
      scrollTo(tableRef);
    },
    [changePage],
  );
  const onBackToFilters = useCallback(() => {
    setPanelOpen(true);
    setTab('filters');
    scrollTo(filtersRef);
  }, [setPanelOpen]);
  const onExport = useCallback(() => setExporting(true), []);
  const rowOf = (productId: string | null) =>
    results.data?.data.find((r) => r.product_id === productId) ?? null;

  return (
    <Flex vertical gap={16}>
      <ReportHeader report={report} malformedLink={applied.malformed} />
      <div ref={filtersRef}>
        <FiltersPanel
          report={report}
          appliedCount={applied.filters.length}
          drafts={model.form.drafts}
          errors={model.form.errors}
          onDraft={model.form.onDraft}
          settingsDefined={model.settingsDefined}
          countries={model.countries}
          options={model.options}
          onApply={model.apply}
          onReset={model.reset}
          onSave={model.save}
          onLoadSet={model.loadSet}
          open={panelOpen}
          onOpen={setPanelOpen}
          tab={tab}
          onTab={setTab}
          onApplied={onApplied}
        />
      </div>
      {model.debug && (
        <pre data-testid="debug-view" style={{ fontSize: 12, overflow: 'auto' }}>
          {JSON.stringify(
            { view, filters: applied.filters, request, selected: selection.selected.size },
            null,
            2,
          )}
        </pre>
      )}
      <ChartsPanel
        reportId={report.id}
        encoded={model.shownFilters ?? request.filters}
        ready={model.shownFilters !== undefined}
        applied={applied.filters}
        settingsDefined={model.settingsDefined}
        currency={report.to_country_info.currency.code}
        onNarrow={model.narrow}
      />
      <div ref={tableRef} style={{ scrollMarginTop: 16 }}>
        <ActiveFiltersSummary filters={applied.filters} countries={model.countries} onRemove={model.remove} />
        <ResultsSection
          report={report}
          model={model}
          onSellers={setSellersFor}
          onRates={setRatesFor}
          onBackToFilters={onBackToFilters}
          onExport={onExport}
          onPage={onPage}
        />
      </div>
      <SellersDrawer
        reportId={report.id}
        row={rowOf(sellersFor)}
        countries={model.countries}
        parity={report.parity}
        onClose={() => setSellersFor(null)}
      />
      <RatesModal reportId={report.id} row={rowOf(ratesFor)} onClose={() => setRatesFor(null)} />
      <ExportDrawer
        open={exporting}
        onClose={() => setExporting(false)}
        report={report}
        productIds={exportIds}
        matchingIds={model.loadIds}
      />
      <SaveFilterSetModal pending={model.saving} onClose={model.closeSaving} />
    </Flex>
  );
}
