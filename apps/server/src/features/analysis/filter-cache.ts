import { SORT_KEYS } from '@crossmarket/domain';

/**
 * A view's matching IDs in order, as PostgreSQL joined them with commas (product IDs are `B` and nine
 * letters or digits, so no ID holds a comma or needs escaping): splitting is cheap and done only when a
 * page is read, and the JSON array for `filtered_ids` is the same text with quotes.
 */
export class MatchedIds {
  private list: string[] | undefined;

  constructor(
    readonly joined: string,
    readonly length: number,
    list?: string[],
  ) {
    this.list = list;
  }

  /** IDs `from` (inclusive) to `to` (exclusive) in the view's order. */
  slice(from: number, to: number) {
    return this.all().slice(from, to);
  }

  all(): readonly string[] {
    return (this.list ??= this.joined === '' ? [] : this.joined.split(','));
  }

  /** The IDs as a JSON array's text. */
  json() {
    return this.joined === '' ? '[]' : `["${this.joined.replaceAll(',', '","')}"]`;
  }
}

/**
 * The IDs of `matched` in the order of `order`, a list of every product of the same report and version in
 * another sort (the unfiltered view's): a total order (every sort ends on the product ID, unique in a
 * report), so keeping the matches in its order is the order a scan of the view under that sort answers.
 * Undefined when `order` does not hold every match (it cannot, at one version; the caller scans then).
 */
export function resortMatches(matched: MatchedIds, order: MatchedIds): MatchedIds | undefined {
  if (matched.length === order.length) return order;
  const wanted = new Set(matched.all());
  const ids: string[] = [];
  for (const id of order.all()) if (wanted.has(id)) ids.push(id);
  return ids.length === matched.length ? new MatchedIds(ids.join(','), ids.length, ids) : undefined;
}

/**
 * A least-recently-used map bounded by an estimate of the bytes its entries hold (each entry's cost is
 * given by the caller when it is stored), so that neither many small entries nor a few large ones can
 * grow it past `maxBytes`. An entry larger than the whole budget is not kept.
 */
export class ByteLru<V> {
  private readonly entries = new Map<string, { value: V; bytes: number }>();
  private held = 0;

  constructor(
    readonly maxBytes: number,
    private readonly onEvict?: (value: V) => void,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      // Most recently used last: Map keeps insertion order.
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry?.value;
  }

  has(key: string) {
    return this.entries.has(key);
  }

  set(key: string, value: V, bytes: number) {
    this.delete(key);
    if (bytes > this.maxBytes) return;
    this.entries.set(key, { value, bytes });
    this.held += bytes;
    for (const [oldest] of this.entries) {
      if (this.held <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  delete(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.held -= entry.bytes;
    this.onEvict?.(entry.value);
  }

  /** The estimated bytes held. */
  get bytes() {
    return this.held;
  }

  /** How many entries are held. */
  get count() {
    return this.entries.size;
  }
}

/**
 * What an entry costs besides its key and value: the Map's slot, the entry record, the value's wrapper
 * object. Counting it means an entry that holds nothing (a view that matched no product) still costs.
 */
export const ENTRY_OVERHEAD_BYTES = 200;

/** A string of ASCII text (keys, joined product IDs): V8 keeps those at one byte a character. */
export const asciiBytes = (text: string) => 16 + text.length;

/**
 * An upper estimate of the heap a decoded JSON value takes: two bytes a character for its strings (user
 * text need not be Latin-1), a pointer per array slot and property, and object headers.
 */
export function approximateBytes(value: unknown): number {
  if (typeof value === 'string') return 16 + 2 * value.length;
  if (typeof value !== 'object' || value === null) return 16;
  if (Array.isArray(value)) {
    let bytes = 16;
    for (const item of value) bytes += 8 + approximateBytes(item);
    return bytes;
  }
  let bytes = 24;
  for (const item of Object.values(value)) bytes += 16 + approximateBytes(item);
  return bytes;
}

/**
 * The bytes of a kept view: its key (which holds the whole filter string), the joined IDs, and the array
 * of separate IDs a page read makes of them (a pointer and a short string each).
 */
const BYTES_PER_SPLIT_ID = 48;
export const viewBytes = (key: string, ids: MatchedIds) =>
  ENTRY_OVERHEAD_BYTES + asciiBytes(key) + asciiBytes(ids.joined) + BYTES_PER_SPLIT_ID * ids.length;

/**
 * The matching IDs of a filtered, sorted view of a finalized report, kept per server process so that a
 * page change (the seller's most frequent click) reads 20 snapshots instead of scanning every row.
 *
 * Keys carry the report's `results_version`, which every price change moves (settings saved, a product's
 * own rates), and the version is read from PostgreSQL on every call, so a cached list is never served
 * after the rows changed — on this server or another one. Reports still being processed are never cached.
 * The cache is bounded by the bytes its views take (`viewBytes`: a view that matched nothing still costs
 * its key) and forgets the least recently used view first.
 */
export class FilterCache {
  private readonly views: ByteLru<MatchedIds>;
  private ids = 0;
  /** The last `results_version` seen of each report: which key a page change should look for. */
  private readonly versions = new Map<string, number>();

  constructor(maxBytes: number) {
    this.views = new ByteLru(maxBytes, (gone) => (this.ids -= gone.length));
  }

  static key(
    report: { id: string; resultsVersion: number },
    filters: string,
    sort: { sort_key: string; sort_direction: string },
  ) {
    return `${report.id}|${report.resultsVersion}|${sort.sort_key}|${sort.sort_direction}|${filters}`;
  }

  get(key: string): MatchedIds | undefined {
    return this.views.get(key);
  }

  /** A kept list of `filters` over this version of `report` under a sort other than `sort`, if any. */
  sibling(
    report: { id: string; resultsVersion: number },
    filters: string,
    sort: { sort_key: string; sort_direction: string },
  ): MatchedIds | undefined {
    for (const sort_key of SORT_KEYS) {
      for (const sort_direction of ['desc', 'asc']) {
        if (sort_key === sort.sort_key && sort_direction === sort.sort_direction) continue;
        const kept = this.views.get(FilterCache.key(report, filters, { sort_key, sort_direction }));
        if (kept) return kept;
      }
    }
    return undefined;
  }

  set(key: string, ids: MatchedIds) {
    const bytes = viewBytes(key, ids);
    this.views.set(key, ids, bytes);
    if (this.views.has(key)) this.ids += ids.length;
  }

  seen(reportId: string, version: number) {
    this.versions.delete(reportId);
    this.versions.set(reportId, version);
    if (this.versions.size > 10_000) this.versions.delete(this.versions.keys().next().value!);
  }

  lastVersion(reportId: string) {
    return this.versions.get(reportId);
  }

  /** How many IDs the cache holds (for tests and the bench). */
  get size() {
    return this.ids;
  }

  /** The estimated bytes of every kept view. */
  get bytes() {
    return this.views.bytes;
  }

  /** How many views are kept. */
  get count() {
    return this.views.count;
  }
}
