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
  ) {}

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
 * The matching IDs of a filtered, sorted view of a finalized report, kept per server process so that a
 * page change (the seller's most frequent click) reads 20 snapshots instead of scanning every row.
 *
 * Keys carry the report's `results_version`, which every price change moves (settings saved, a product's
 * own rates), and the version is read from PostgreSQL on every call, so a cached list is never served
 * after the rows changed — on this server or another one. Reports still being processed are never cached.
 * The cache is bounded by the number of IDs it holds and forgets the least recently used view first.
 */
export class FilterCache {
  private readonly views = new Map<string, MatchedIds>();
  private held = 0;
  /** The last `results_version` seen of each report: which key a page change should look for. */
  private readonly versions = new Map<string, number>();

  constructor(private readonly maxIds: number) {}

  static key(
    report: { id: string; resultsVersion: number },
    filters: string,
    sort: { sort_key: string; sort_direction: string },
  ) {
    return `${report.id}|${report.resultsVersion}|${sort.sort_key}|${sort.sort_direction}|${filters}`;
  }

  get(key: string): MatchedIds | undefined {
    const ids = this.views.get(key);
    if (ids) {
      // Most recently used last: Map keeps insertion order.
      this.views.delete(key);
      this.views.set(key, ids);
    }
    return ids;
  }

  set(key: string, ids: MatchedIds) {
    if (ids.length > this.maxIds) return;
    const old = this.views.get(key);
    if (old) {
      this.views.delete(key);
      this.held -= old.length;
    }
    this.views.set(key, ids);
    this.held += ids.length;
    for (const [oldest, list] of this.views) {
      if (this.held <= this.maxIds) break;
      this.views.delete(oldest);
      this.held -= list.length;
    }
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
    return this.held;
  }
}
