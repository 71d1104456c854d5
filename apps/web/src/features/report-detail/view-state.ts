import { RESULT_PAGE_SIZES, type SortKey } from '@crossmarket/domain';

/**
 * The sort dropdown's choices, `key-direction` as the specification writes them. The initial selection is
 * product ID ascending; "Default" is the report's own order, newest first.
 */
export const SORT_OPTIONS = [
  'product_id-asc',
  '$natural-desc',
  'ppr-asc',
  'ppr-desc',
  'cost-asc',
  'cost-desc',
] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];
export type PageSize = (typeof RESULT_PAGE_SIZES)[number];

/** Everything that decides which rows the table shows; it lives in the URL so a link restores it. */
export interface ReportView {
  /** The domain codec's string of the applied filters; empty for none. */
  f: string;
  sort: SortOption;
  page: number;
  size: PageSize;
}

const MAX_SKIP = 10_000_000;

export const DEFAULT_VIEW: ReportView = { f: '', sort: 'product_id-asc', page: 1, size: 20 };

const isSort = (v: string | null): v is SortOption => SORT_OPTIONS.includes(v as SortOption);
const isSize = (v: number): v is PageSize => RESULT_PAGE_SIZES.includes(v as PageSize);

/** The view a URL describes; a value that is missing or not one we offer falls back to its default. */
export function readView(params: URLSearchParams): ReportView {
  const sort = params.get('sort');
  const whole = (name: string) => (/^\d{1,9}$/.test(params.get(name) ?? '') ? Number(params.get(name)) : NaN);
  const page = whole('page');
  const size = whole('size');
  return {
    f: params.get('f') ?? '',
    sort: isSort(sort) ? sort : DEFAULT_VIEW.sort,
    size: isSize(size) ? size : DEFAULT_VIEW.size,
    // The server skips at most MAX_SKIP rows; a page beyond that is not one we can show.
    page:
      page >= 1 && (page - 1) * (isSize(size) ? size : DEFAULT_VIEW.size) <= MAX_SKIP
        ? page
        : DEFAULT_VIEW.page,
  };
}

/**
 * The URL parameters of a view: defaults are left out so a plain link stays plain, and parameters that
 * are not the view's (`debug`) are kept.
 */
export function writeView(view: ReportView, base = new URLSearchParams()): URLSearchParams {
  const params = new URLSearchParams(base);
  const set = (name: keyof ReportView, value: string, fallback: string) =>
    value === fallback ? params.delete(name) : params.set(name, value);
  set('f', view.f, DEFAULT_VIEW.f);
  set('sort', view.sort, DEFAULT_VIEW.sort);
  set('page', String(view.page), String(DEFAULT_VIEW.page));
  set('size', String(view.size), String(DEFAULT_VIEW.size));
  return params;
}

/** The filters call's sort fields for a dropdown choice. */
export function sortFields(sort: SortOption): { sort_key: SortKey; sort_direction: 'asc' | 'desc' } {
  const cut = sort.lastIndexOf('-');
  return {
    sort_key: sort.slice(0, cut) as SortKey,
    sort_direction: sort.slice(cut + 1) as 'asc' | 'desc',
  };
}
