import { encodeFilters, FILTERS_BY_ID, type ActiveFilter } from '@crossmarket/domain';
import {
  Alert,
  App,
  Badge,
  Breadcrumb,
  Collapse,
  Flex,
  Result,
  Select,
  Skeleton,
  Tabs,
  Typography,
} from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import dayjs from '../../lib/dayjs';
import { useFilterResults } from './api/filter-results';
import { useReport, type ReportDetail } from './api/report';
import { FiltersTab } from './components/filters-tab';
import { LoadFilterSet, SaveFilterSetModal } from './components/filter-set-controls';
import type { Countries } from './components/product-cells';
import { ResultsTable, SelectAllToggle } from './components/results-table';
import { SellersDrawer } from './components/sellers-drawer';
import { SettingsTab } from './components/settings-tab';
import { ActionsCards } from './components/actions-cards';
import { ChartsPanel } from './components/charts-panel';
import { ExportDrawer } from './components/export-drawer';
import { RatesModal } from './components/rates-modal';
import { useSelection } from './selection';
import { readAppliedFilters, TOO_MUCH, useFilterForm } from './use-filter-form';
import { readView, SORT_OPTIONS, sortFields, writeView, type ReportView } from './view-state';

const shortId = (id: string) => id.split('-')[0];
const OUTDATED_AFTER_DAYS = 2;

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
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const view = readView(params);
  const applied = useMemo(() => readAppliedFilters(view.f), [view.f]);
  const [sellersFor, setSellersFor] = useState<string | null>(null);
  const [saving, setSaving] = useState<{ content: string; count: number } | null>(null);
  const [panelOpen, setPanelOpen] = useState(true);
  const [tab, setTab] = useState('filters');
  const [exporting, setExporting] = useState(false);
  const [ratesFor, setRatesFor] = useState<string | null>(null);
  const filtersRef = useRef<HTMLDivElement>(null);
  const tableRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    document.title = t('app.title', { page: report.title || t('reports.untitled') });
  }, [t, report.title, i18n.language]);

  // From the address bar itself: a handler kept from an earlier render (the table's pager) must not
  // write an older view back.
  const setView = useCallback(
    (next: Partial<ReportView>) =>
      setParams(() => {
        const live = new URLSearchParams(window.location.search);
        return writeView({ ...readView(live), ...next }, live);
      }),
    [setParams],
  );

  const request = useMemo(
    () => ({
      report_id: report.id,
      filters: applied.malformed ? '' : view.f,
      limit: view.size,
      skip: (view.page - 1) * view.size,
      ...sortFields(view.sort),
    }),
    [report.id, applied.malformed, view.f, view.size, view.page, view.sort],
  );
  const results = useFilterResults(request);
  const settingsDefined = report.settings !== null || (results.data?.settings_defined ?? false);
  const form = useFilterForm(applied.filters, applied.malformed ? '' : view.f, settingsDefined);
  const selection = useSelection(results.data?.filtered_ids);
  const filteredSet = useMemo(() => new Set(results.data?.filtered_ids ?? []), [results.data?.filtered_ids]);
  // Frozen while the drawer is open: the export is of what was selected when it opened.
  const exportIds = useMemo(
    () => (exporting ? [...selection.selected] : []),
    [exporting, selection.selected],
  );

  // "Loading..." while a page is on its way, then "Completed"; a failure is logged and the last rows stay.
  useEffect(() => {
    if (results.isFetching) {
      void message.open({ key: 'filters', type: 'loading', content: t('reportDetail.loading'), duration: 0 });
    } else if (results.isError) {
      message.destroy('filters');
      console.error('Filtering failed', results.error);
    } else if (results.isSuccess) {
      void message.open({
        key: 'filters',
        type: 'success',
        content: t('reportDetail.completed'),
        duration: 1.5,
      });
    }
  }, [results.isFetching, results.isError, results.isSuccess, results.error, message, t]);
  useEffect(() => () => message.destroy('filters'), [message]);

  const countries: Countries = useMemo(
    () => ({ from: report.from_country_info, to: report.to_country_info }),
    [report.from_country_info, report.to_country_info],
  );
  // Every answer carries the option lists; the cards re-render only when they really change.
  const categories = results.data?.categories;
  const bsrCategories = results.data?.bsr_categories;
  const categoriesKey = `${categories?.join('\u0000')}\u0001${bsrCategories?.join('\u0000')}`;
  const options = useMemo(
    () => ({ categories: categories ?? [], bsr_categories: bsrCategories ?? [] }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key stands for both lists' contents
    [categoriesKey],
  );

  const scrollTo = (ref: React.RefObject<HTMLDivElement | null>) =>
    ref.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });

  const collect = () => {
    const collected = form.collect();
    if (!collected.ok && collected.reason !== 'invalid') {
      const [key, params] = TOO_MUCH[collected.reason];
      void message.error(t(key, params), 2);
    }
    return collected.ok ? collected : null;
  };
  const apply = () => {
    const collected = collect();
    if (!collected) return;
    setView({ f: collected.encoded, page: 1 });
    scrollTo(tableRef);
  };
  const { modal } = App.useApp();
  const reset = () =>
    modal.confirm({
      title: t('reportDetail.filters.resetTitle'),
      content: t('reportDetail.filters.resetBody'),
      okText: t('common.yes'),
      cancelText: t('common.no'),
      onOk: () => {
        form.load([]);
        setView({ f: '', page: 1 });
      },
    });
  const save = () => {
    const collected = collect();
    if (!collected) return;
    if (collected.filters.length === 0) {
      void message.warning(t('reportDetail.filterSets.atLeastOne'));
      return;
    }
    setSaving({ content: collected.encoded, count: collected.filters.length });
  };

  // A loaded set is applied at once; filters that wait for settings stay on their cards until then.
  const loadSet = (filters: ActiveFilter[]) => {
    form.load(filters);
    const usable = filters.filter((f) => settingsDefined || !FILTERS_BY_ID.get(f.id)?.dependsOnSettings);
    if (usable.length < filters.length) void message.warning(t('reportDetail.filterSets.waitingForSettings'));
    setView({ f: usable.length > 0 ? encodeFilters(usable) : '', page: 1 });
  };

  const finished = report.finish_at ? dayjs(report.finish_at) : null;
  const outdated = finished && dayjs().diff(finished, 'day', true) >= OUTDATED_AFTER_DAYS;
  const number = new Intl.NumberFormat(i18n.language);
  const sellersRow = results.data?.data.find((r) => r.product_id === sellersFor) ?? null;
  const filteredCount = results.data?.filtered_count ?? 0;

  return (
    <Flex vertical gap={16}>
      <Breadcrumb
        items={[
          { title: <Link to="/">{t('nav.home')}</Link> },
          { title: <Link to="/reports">{t('reports.page')}</Link> },
          { title: t('reportDetail.view') },
          { title: `${report.title || t('reports.untitled')} ${shortId(report.id)}` },
        ]}
      />
      {outdated && (
        <Alert
          type="warning"
          showIcon
          closable
          title={t('reportDetail.outdated', { date: finished.format('LL LT') })}
          data-testid="outdated-warning"
        />
      )}
      {(report.no_answer_count ?? 0) > 0 && (
        <Alert
          type="info"
          showIcon
          closable
          title={t('reportSummary.noAnswer', { count: report.no_answer_count })}
          data-testid="no-answer-summary"
        />
      )}
      {applied.malformed && (
        <Alert
          type="error"
          showIcon
          closable
          title={t('reportDetail.malformedLink')}
          data-testid="malformed-link"
        />
      )}
      <div ref={filtersRef}>
        <Collapse
          activeKey={panelOpen ? ['panel'] : []}
          onChange={(keys) => setPanelOpen(keys.includes('panel'))}
          items={[
            {
              key: 'panel',
              label: (
                <Flex gap={8} align="center">
                  <span>{t('reportDetail.panel')}</span>
                  <Badge
                    count={applied.filters.length}
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
                    onChange={setTab}
                    items={[
                      {
                        key: 'filters',
                        label: t('reportDetail.tabs.filters'),
                        children: (
                          <FiltersTab
                            drafts={form.drafts}
                            errors={form.errors}
                            onDraft={form.onDraft}
                            settingsDefined={settingsDefined}
                            countries={countries}
                            options={options}
                            onApply={apply}
                            onReset={reset}
                            onSave={save}
                            loadSet={<LoadFilterSet onLoad={loadSet} />}
                          />
                        ),
                      },
                      {
                        key: 'settings',
                        label: t('reportDetail.tabs.settings'),
                        children: <SettingsTab report={report} onApplied={() => scrollTo(tableRef)} />,
                      },
                    ]}
                  />
                </Flex>
              ),
            },
          ]}
        />
      </div>
      {params.get('debug') === '1' && (
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
        encoded={request.filters}
        applied={applied.filters}
        settingsDefined={settingsDefined}
        currency={report.to_country_info.currency.code}
        onNarrow={(filters) => {
          form.load(filters);
          setView({ f: filters.length > 0 ? encodeFilters(filters) : '', page: 1 });
        }}
      />
      <div ref={tableRef} style={{ scrollMarginTop: 16 }}>
        <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="results-heading">
            {t('reportDetail.heading', {
              filtered: number.format(filteredCount),
              total: number.format(results.data?.total ?? 0),
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
          results={results.data}
          loading={results.isLoading}
          countries={countries}
          page={view.page}
          size={view.size}
          onPage={(page, size) =>
            setView(size !== view.size ? { page: 1, size: size as ReportView['size'] } : { page })
          }
          selected={selection.selected}
          onSelectPage={selection.setPage}
          onSellers={setSellersFor}
          onRates={setRatesFor}
          onBackToFilters={() => {
            setPanelOpen(true);
            setTab('filters');
            scrollTo(filtersRef);
          }}
        />
        <div style={{ marginTop: 12 }}>
          <SelectAllToggle
            count={filteredCount}
            allSelected={selection.allSelected}
            selectedCount={selection.selected.size}
            onSelectAll={selection.selectAll}
            onClear={selection.clear}
          />
        </div>
        <div style={{ marginTop: 16 }}>
          <ActionsCards
            report={report}
            selected={selection.selected}
            filteredIds={results.data?.filtered_ids ?? []}
            settingsDefined={settingsDefined}
            onExport={() => setExporting(true)}
          />
        </div>
      </div>
      <SellersDrawer
        reportId={report.id}
        row={sellersRow}
        countries={countries}
        onClose={() => setSellersFor(null)}
      />
      <RatesModal
        reportId={report.id}
        row={results.data?.data.find((r) => r.product_id === ratesFor) ?? null}
        onClose={() => setRatesFor(null)}
      />
      <ExportDrawer
        open={exporting}
        onClose={() => setExporting(false)}
        report={report}
        productIds={exportIds}
        filteredIds={filteredSet}
      />
      <SaveFilterSetModal pending={saving} onClose={() => setSaving(null)} />
    </Flex>
  );
}
