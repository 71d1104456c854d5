// A reader for tab-separated text as Seller Central writes it (plain cells, one record a line) and as
// spreadsheet programs save it (cells in double quotes when they hold quotes, tabs or line breaks).
// Built for large files: it finds cells with indexOf, keeps only the first cells a caller asks for and
// skips the rest of a line without splitting it.

const TAB = 9;
const LF = 10;
const CR = 13;
const QUOTE = 34;

export interface TabRecord {
  /** The record's first cells, as many as were asked for (fewer when the record is shorter). */
  cells: string[];
  /** How many cells the record has, or -1 when the rest of its line was skipped unread. */
  count: number;
  /** The 1-based line the record starts on. */
  line: number;
  /** Whether the record holds nothing but white space. */
  blank: boolean;
}

/**
 * Text ready for {@link TabSeparatedReader}: the byte-order mark dropped and old Mac line ends (a lone
 * CR) turned into LF. Windows line ends (CRLF) are left alone; the reader drops the CR itself.
 */
export function normalizeTabText(text: string): string {
  let out = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (out.includes('\r') && /\r(?!\n)/.test(out)) out = out.replace(/\r\n?/g, '\n');
  return out;
}

/** Reads records one after another from text given by {@link normalizeTabText}. */
export class TabSeparatedReader {
  private pos = 0;
  private lineNo = 1;
  // The next quote and tab at or after some earlier position (Infinity: none left), so that a search
  // never scans the same stretch twice: a file without tabs or quotes stays linear.
  private quoteAt = -1;
  private tabAt = -1;

  constructor(private readonly text: string) {}

  /** Characters read so far. */
  get position() {
    return this.pos;
  }

  get done() {
    return this.pos >= this.text.length;
  }

  /**
   * The next record, keeping its first `keep` cells. A quoted cell may run over several lines; such a
   * record is accepted only when it has `expected` cells (when given), else its first line is read
   * again with the quotes as plain text, so one stray quote cannot swallow the lines after it.
   */
  next(keep: number, expected?: number): TabRecord {
    const start = this.pos;
    const line = this.lineNo;
    const read = this.read(keep, line);
    if (read && (read.breaks === 0 || (expected !== undefined && read.record.count === expected))) {
      this.lineNo = line + read.breaks + 1;
      return read.record;
    }
    // Back to the record's start: the quote and tab found ahead may lie past ones on this line.
    this.pos = start;
    this.quoteAt = -1;
    this.tabAt = -1;
    return this.readPlain(keep, line);
  }

  private nextQuote(from: number) {
    if (this.quoteAt < from) {
      const at = this.text.indexOf('"', from);
      this.quoteAt = at === -1 ? Infinity : at;
    }
    return this.quoteAt;
  }

  private nextTab(from: number) {
    if (this.tabAt < from) {
      const at = this.text.indexOf('\t', from);
      this.tabAt = at === -1 ? Infinity : at;
    }
    return this.tabAt;
  }

  private lineEnd(from: number) {
    const at = this.text.indexOf('\n', from);
    return at === -1 ? this.text.length : at;
  }

  /**
   * Reads quote-aware, leaving pos after the record's line end; null when a quoted cell never closes.
   * `breaks`: the line breaks inside quoted cells.
   */
  private read(keep: number, line: number): { record: TabRecord; breaks: number } | null {
    const text = this.text;
    const cells: string[] = [];
    let count = 0;
    let breaks = 0;
    let blank = true;
    let p = this.pos;
    let nl = this.lineEnd(p);
    for (;;) {
      // Past the cells wanted, on the record's first line, with no quote ahead on it: skip the rest.
      if (count >= keep && breaks === 0 && this.nextQuote(p) >= nl) {
        if (blank && /\S/.test(text.slice(p, nl))) blank = false;
        this.pos = nl + 1;
        return { record: { cells, count: -1, line, blank }, breaks };
      }
      let value: string;
      let end: number;
      if (text.charCodeAt(p) === QUOTE) {
        const quoted = this.quoted(p);
        if (!quoted) return null;
        [value, end] = quoted;
        if (end > nl) {
          breaks += countBreaks(text, nl, end);
          nl = this.lineEnd(end);
        }
      } else {
        end = Math.min(this.nextTab(p), nl);
        value = text.slice(p, end === nl && text.charCodeAt(end - 1) === CR ? end - 1 : end);
      }
      if (count < keep) cells.push(value);
      count += 1;
      if (blank && /\S/.test(value)) blank = false;
      const c = text.charCodeAt(end);
      if (c === TAB) {
        p = end + 1;
        continue;
      }
      // The record ends: LF, CR LF after a quoted cell, or the end of the text.
      this.pos = c === CR ? end + 2 : end + 1;
      return { record: { cells, count, line, blank }, breaks };
    }
  }

  /** The quoted cell opening at `open`: its value and the index just after its closing quote. */
  private quoted(open: number): [string, number] | null {
    const text = this.text;
    let value = '';
    let from = open + 1;
    let segment = from;
    for (;;) {
      const q = this.nextQuote(from);
      if (q === Infinity) return null;
      const c = text.charCodeAt(q + 1);
      if (c === QUOTE) {
        // "" stands for one quote.
        value += text.slice(segment, q + 1);
        from = segment = q + 2;
        continue;
      }
      if (q + 1 >= text.length || c === TAB || c === LF || (c === CR && text.charCodeAt(q + 2) === LF)) {
        value += text.slice(segment, q);
        return [value, q + 1];
      }
      // A quote inside the cell that neither doubles nor closes it: part of the text.
      from = q + 1;
    }
  }

  /** The record's first line split on tabs, quotes taken as plain text. */
  private readPlain(keep: number, line: number): TabRecord {
    const text = this.text;
    const nl = this.lineEnd(this.pos);
    const stop = nl > this.pos && text.charCodeAt(nl - 1) === CR ? nl - 1 : nl;
    const raw = text.slice(this.pos, stop);
    const all = raw.split('\t');
    this.pos = nl + 1;
    this.lineNo = line + 1;
    return { cells: all.slice(0, keep), count: all.length, line, blank: !/\S/.test(raw) };
  }
}

/** Line breaks in text[from, to). */
function countBreaks(text: string, from: number, to: number) {
  let n = 0;
  for (let at = text.indexOf('\n', from); at !== -1 && at < to; at = text.indexOf('\n', at + 1)) n += 1;
  return n;
}
