import { encodeFilters, FILTERS_BY_ID, type ActiveFilter } from '@crossmarket/domain';
import { App } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useStableCallback } from '../../lib/use-stable-callback';
import { readAppliedFilters, TOO_MUCH, useFilterForm } from '../filter-editor';
import { usePrefetchFilterResults, useViewResults, type FiltersView } from './api/filter-results';
import type { ReportDetail } from './api/report';
import type { Countries } from './components/product-cells';
import { useSelection } from './selection';
import { readView, sortFields, writeView, type ReportView } from './view-state';

/**
 * The report's view: what the URL says (filters, sort, page), the page of results it asks for, the
 * filter cards' drafts and the selection, and the filter actions (apply, reset, save, load, narrow).
 * The actions keep one identity for the page's life (they always act on the latest view), so the
 * memoised parts of the page that take them re-render only when what they show changed.
 */
export function useReportView(report: ReportDetail) {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const [params, setParams] = useSearchParams();
  const view = readView(params);
  const applied = useMemo(() => readAppliedFilters(view.f), [view.f]);
  const [saving, setSaving] = useState<{ content: string; count: number } | null>(null);

  useEffect(() => {
    document.title = t('app.title', { page: report.title || t('reports.untitled') });
  }, [t, report.title, i18n.language]);

  // From the address bar itself: a handler kept from an earlier render (the table's pager) must not
  // write an older view back. Every change is the seller's (a click, a choice) and is rendered at once,
  // not as a router transition: a transition renders in slices between the frames of the page's
  // animations (the Loading message, the button's wave), so an Apply's new view, and with it the query
  // that shows the new rows, waited several hundred ms behind them (bench: ui.click_to_paint).
  const setView = useCallback(
    (next: Partial<ReportView>) =>
      setParams(
        () => {
          const live = new URLSearchParams(window.location.search);
          return writeView({ ...readView(live), ...next }, live);
        },
        { flushSync: true },
      ),
    [setParams],
  );

  const request = useMemo(
    () => requestFor(report.id, { ...view, f: applied.malformed ? '' : view.f }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the view's fields, not its new object each render
    [report.id, applied.malformed, view.f, view.size, view.page, view.sort],
  );
  const { results, ids, loadIds, shownFilters } = useViewResults(request);
  const prefetch = usePrefetchFilterResults();
  const settingsDefined = report.settings !== null || (results.data?.settings_defined ?? false);
  const form = useFilterForm(applied.filters, applied.malformed ? '' : view.f, settingsDefined);
  const selection = useSelection(ids.data, loadIds);

  // "Loading..." while a page is on its way, then "Completed"; a failure is logged and the last rows stay.
  // Only for rows the seller asked for (the first page, another page, sort or filters): a refetch after a
  // settings save (which says "Success" itself) or a restriction round would stack a second message.
  const asked = results.isPending || results.isPlaceholderData;
  const announced = useRef(false);
  useEffect(() => {
    if (results.isFetching) {
      if (!asked) return;
      announced.current = true;
      void message.open({ key: 'filters', type: 'loading', content: t('reportDetail.loading'), duration: 0 });
    } else if (results.isError) {
      message.destroy('filters');
      announced.current = false;
      console.error('Filtering failed', results.error);
    } else if (results.isSuccess && announced.current) {
      announced.current = false;
      void message.open({
        key: 'filters',
        type: 'success',
        content: t('reportDetail.completed'),
        duration: 1.5,
      });
    }
  }, [results.isFetching, results.isError, results.isSuccess, results.error, asked, message, t]);
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

  const collect = () => {
    const collected = form.collect();
    if (!collected.ok && collected.reason !== 'invalid') {
      const [key, params] = TOO_MUCH[collected.reason];
      void message.error(t(key, params), 2);
    }
    return collected.ok ? collected : null;
  };
  /** True when the cards were applied (the page then scrolls to the table). */
  const apply = useStableCallback(() => {
    const collected = collect();
    if (!collected) return false;
    prefetch(requestFor(report.id, { ...view, f: collected.encoded, page: 1 }));
    setView({ f: collected.encoded, page: 1 });
    return true;
  });
  const reset = useStableCallback(() => {
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
  });
  const save = useStableCallback(() => {
    const collected = collect();
    if (!collected) return;
    if (collected.filters.length === 0) {
      void message.warning(t('reportDetail.filterSets.atLeastOne'));
      return;
    }
    setSaving({ content: collected.encoded, count: collected.filters.length });
  });
  // A loaded set is applied at once; filters that wait for settings stay on their cards until then.
  const loadSet = useStableCallback((filters: ActiveFilter[]) => {
    form.load(filters);
    const usable = filters.filter((f) => settingsDefined || !FILTERS_BY_ID.get(f.id)?.dependsOnSettings);
    if (usable.length < filters.length) void message.warning(t('reportDetail.filterSets.waitingForSettings'));
    setView({ f: usable.length > 0 ? encodeFilters(usable) : '', page: 1 });
  });
  /** A chart's bar: its filters become the cards and the applied view at once. */
  const narrow = useStableCallback((filters: ActiveFilter[]) => {
    form.load(filters);
    setView({ f: filters.length > 0 ? encodeFilters(filters) : '', page: 1 });
  });

  /** A filter taken off from the summary above the table. */
  const remove = useStableCallback((id: string) => narrow(applied.filters.filter((f) => f.id !== id)));
  /** The table's pager: a new page size starts again at page 1. */
  const changePage = useStableCallback((page: number, size: number) =>
    setView(size !== view.size ? { page: 1, size: size as ReportView['size'] } : { page }),
  );
  const closeSaving = useCallback(() => setSaving(null), []);

  return {
    view,
    setView,
    applied,
    request,
    results,
    /** Every product ID the view matches: undefined until asked for and answered. */
    ids,
    loadIds,
    /** The filters of the page on screen, once its page is in (the charts ask for these). */
    shownFilters,
    settingsDefined,
    form,
    selection,
    countries,
    options,
    debug: params.get('debug') === '1',
    /** The filters waiting for a name in the Save New Filter Set dialog; null when it is closed. */
    saving,
    closeSaving,
    apply,
    reset,
    save,
    loadSet,
    narrow,
    remove,
    changePage,
  };
}

export type ReportViewModel = ReturnType<typeof useReportView>;

/** The filters call a view makes (also the query's key, so a prefetch and the page's query are one). */
function requestFor(reportId: string, view: ReportView): FiltersView {
  return {
    report_id: reportId,
    filters: view.f,
    limit: view.size,
    skip: (view.page - 1) * view.size,
    ...sortFields(view.sort),
  };
}
