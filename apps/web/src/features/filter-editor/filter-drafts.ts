import {
  FILTERS_BY_ID,
  parseProductIds,
  type ActiveFilter,
  type FilterDef,
  type FilterKind,
} from '@crossmarket/domain';

/** A card's state: whether its switch is on, and what its inputs hold (the editor's shape, see below). */
export interface Draft {
  enabled: boolean;
  value: unknown;
}
export type Drafts = Readonly<Record<string, Draft>>;

/** The specification's sales rank defaults: min 0, max 999999999999999. */
const RANK_MAX = 999_999_999_999_999;

type ProductIdsDraft = { text: string; mode: 'only' | 'exclude' };

/**
 * Per kind: what a card holds when first switched on, and how the editor's shape maps to the filter value
 * the codec carries. Only product IDs differ (a text area is edited as text, sent as a list).
 */
const KIND_DRAFTS: {
  [K in FilterKind]: {
    initial: (def: FilterDef) => unknown;
    toValue?: (draft: never) => unknown;
    fromValue?: (value: never) => unknown;
  };
} = {
  range: {
    initial: (def) =>
      def.base.startsWith('sales_rank') ? { min: 0, max: RANK_MAX } : { min: null, max: null },
  },
  mode: { initial: () => 'only' },
  include_exclude: { initial: () => ({ include: [], exclude: [] }) },
  coupon: { initial: () => '*' },
  sizes: { initial: () => [] },
  restrictions: { initial: () => [] },
  presence: { initial: () => 'present' },
  categories: { initial: () => [] },
  rank_by_category: { initial: () => ({ categories: [], min: 0, max: RANK_MAX }) },
  stores: { initial: () => ({ seller_ids: [], mode: 'only' }) },
  product_ids: {
    initial: () => ({ text: '', mode: 'only' }),
    toValue: (draft: ProductIdsDraft) => ({ ids: parseProductIds(draft.text).valid, mode: draft.mode }),
    fromValue: (value: { ids: string[]; mode: 'only' | 'exclude' }) => ({
      text: value.ids.join('\n'),
      mode: value.mode,
    }),
  },
};

export const initialDraftValue = (def: FilterDef) => KIND_DRAFTS[def.kind].initial(def);

export function draftFromValue(def: FilterDef, value: unknown): unknown {
  const fromValue = KIND_DRAFTS[def.kind].fromValue as ((v: unknown) => unknown) | undefined;
  return fromValue ? fromValue(value) : value;
}

export function valueFromDraft(def: FilterDef, draft: unknown): unknown {
  const toValue = KIND_DRAFTS[def.kind].toValue as ((d: unknown) => unknown) | undefined;
  return toValue ? toValue(draft) : draft;
}

/** The cards for a list of applied filters (a link's `f`, a loaded filter set). */
export function draftsFromActive(active: readonly ActiveFilter[]): Drafts {
  const drafts: Record<string, Draft> = {};
  for (const filter of active) {
    const def = FILTERS_BY_ID.get(filter.id);
    if (def) drafts[filter.id] = { enabled: true, value: draftFromValue(def, filter.value) };
  }
  return drafts;
}

/** Whether two drafts' plain values (numbers, strings, arrays, objects, null) are equal. */
function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const aKeys = Object.keys(a);
  const bKeys = Object.keys(b);
  return (
    aKeys.length === bKeys.length &&
    aKeys.every(
      (k) =>
        Object.prototype.hasOwnProperty.call(b, k) &&
        sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
    )
  );
}

/**
 * `next`, with each card's draft that equals the one in `current` taken from `current` (the same object),
 * and `current` itself when nothing differs: a value equal to `next` whose unchanged cards keep their
 * identity.
 */
export function keepEqualDrafts(current: Drafts, next: Drafts): Drafts {
  const kept: Record<string, Draft> = {};
  let changed = Object.keys(current).length !== Object.keys(next).length;
  for (const [id, draft] of Object.entries(next)) {
    const was = current[id];
    if (was && was.enabled === draft.enabled && sameValue(was.value, draft.value)) kept[id] = was;
    else {
      kept[id] = draft;
      changed = true;
    }
  }
  return changed ? kept : current;
}

/** A message key for an invalid card; the kind's schema speaks in i18n keys, anything else is generic. */
function messageFor(def: FilterDef, draft: unknown, issue: string | undefined): string {
  if (def.kind === 'product_ids') {
    const invalid = parseProductIds((draft as ProductIdsDraft).text).invalid;
    if (invalid > 0) return 'reportDetail.filters.invalidIds';
  }
  return issue?.startsWith('validation.') ? issue : 'reportDetail.filters.invalidValue';
}

/**
 * The switched-on cards as filters for the codec, each checked by its kind's schema (the server checks
 * the same). Cards that do not pass are returned as errors (message keys) and left out.
 */
export function checkDrafts(drafts: Drafts, order: readonly FilterDef[]) {
  const filters: ActiveFilter[] = [];
  const errors: Record<string, string> = {};
  for (const def of order) {
    const draft = drafts[def.id];
    if (!draft?.enabled) continue;
    const value = valueFromDraft(def, draft.value);
    const checked = def.valueSchema.safeParse(value);
    const extraInvalid =
      def.kind === 'product_ids' && parseProductIds((draft.value as ProductIdsDraft).text).invalid > 0;
    if (checked.success && !extraInvalid) filters.push({ id: def.id, value: checked.data });
    else errors[def.id] = messageFor(def, draft.value, checked.error?.issues[0]?.message);
  }
  return { filters, errors };
}

export const enabledCount = (drafts: Drafts) => Object.values(drafts).filter((d) => d.enabled).length;
