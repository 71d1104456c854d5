import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeTabText, TabSeparatedReader } from './tab-separated';

/** Every record's cells, read without a limit. */
function records(text: string) {
  const reader = new TabSeparatedReader(normalizeTabText(text));
  const out: string[][] = [];
  while (!reader.done) out.push(reader.next(Infinity).cells);
  return out;
}

describe('TabSeparatedReader', () => {
  it('reads plain, quoted and doubled-quote cells', () => {
    expect(records('a\t"b ""c"""\t"d\te"\n"x"\ty"\t12" wide\n')).toEqual([
      ['a', 'b "c"', 'd\te'],
      ['x', 'y"', '12" wide'],
    ]);
  });

  it('lets a quoted cell run over lines when the record keeps its width', () => {
    const reader = new TabSeparatedReader('a\tb\tc\n"one\r\ntwo"\tB\tC\nlast\tx\ty');
    expect(reader.next(Infinity)).toMatchObject({ cells: ['a', 'b', 'c'], count: 3, line: 1 });
    expect(reader.next(Infinity, 3)).toMatchObject({ cells: ['one\r\ntwo', 'B', 'C'], line: 2 });
    expect(reader.next(Infinity, 3)).toMatchObject({ cells: ['last', 'x', 'y'], line: 4 });
    expect(reader.done).toBe(true);
  });

  it('reads a line plainly when a stray quote would swallow the lines after it', () => {
    // The opening quote of line 2 "closes" on line 3, which would give a record of the wrong width.
    const text = 'a\tb\tc\n"Big\tB1\tC1\nsmall" toy\tB2\tC2\n"never closed\tB3\tC3\n';
    const reader = new TabSeparatedReader(text);
    reader.next(Infinity);
    expect(reader.next(Infinity, 3).cells).toEqual(['"Big', 'B1', 'C1']);
    expect(reader.next(Infinity, 3).cells).toEqual(['small" toy', 'B2', 'C2']);
    expect(reader.next(Infinity, 3)).toMatchObject({ cells: ['"never closed', 'B3', 'C3'], line: 4 });
  });

  it('reads on correctly after such a line, from where the plain line ended', () => {
    // Read quote-aware, line 2 would end inside line 3 with four cells; read plainly, line 3 is its own.
    const reader = new TabSeparatedReader('a\tb\tc\n"Big\tB1\tC1\n"q"\tB2\tC2\textra\nx\ty\tz\n');
    reader.next(Infinity);
    expect(reader.next(Infinity, 3).cells).toEqual(['"Big', 'B1', 'C1']);
    expect(reader.next(Infinity, 3).cells).toEqual(['q', 'B2', 'C2', 'extra']);
    expect(reader.next(Infinity, 3)).toMatchObject({ cells: ['x', 'y', 'z'], line: 4 });
  });

  it('keeps only the cells asked for and marks blank records', () => {
    const reader = new TabSeparatedReader('a\tb\tc\td\n \t\t\n\n');
    expect(reader.next(2)).toMatchObject({ cells: ['a', 'b'], count: -1, blank: false });
    expect(reader.next(2)).toMatchObject({ blank: true });
    expect(reader.next(2)).toMatchObject({ cells: [''], blank: true });
    expect(reader.done).toBe(true);
  });

  it('drops the byte-order mark and turns old Mac line ends into LF', () => {
    expect(normalizeTabText('\uFEFFa\rb\r\nc')).toBe('a\nb\nc');
    expect(normalizeTabText('a\r\nb')).toBe('a\r\nb');
  });
});

/** The reader's rules written the slow, obvious way: one character at a time. */
function naiveRecords(input: string) {
  const text = normalizeTabText(input);
  const out: { cells: string[]; line: number }[] = [];
  let pos = 0;
  let line = 1;
  let expected: number | undefined;
  const plain = () => {
    let end = text.indexOf('\n', pos);
    if (end === -1) end = text.length;
    const raw = text.slice(pos, end).replace(/\r$/, '');
    pos = end + 1;
    return { cells: raw.split('\t'), breaks: 0 };
  };
  const quoteAware = () => {
    const cells: string[] = [];
    let p = pos;
    let breaks = 0;
    for (;;) {
      let value = '';
      if (text[p] === '"') {
        let q = p + 1;
        for (;;) {
          if (q >= text.length) return null;
          const c = text[q];
          if (c === '"' && text[q + 1] === '"') {
            value += '"';
            q += 2;
          } else if (
            c === '"' &&
            (q + 1 === text.length ||
              text[q + 1] === '\t' ||
              text[q + 1] === '\n' ||
              text.startsWith('\r\n', q + 1))
          ) {
            p = q + 1;
            break;
          } else {
            if (c === '\n') breaks += 1;
            value += c;
            q += 1;
          }
        }
      } else {
        while (p < text.length && text[p] !== '\t' && text[p] !== '\n') value += text[p++];
        value = value.replace(/\r$/, '');
      }
      cells.push(value);
      if (text[p] === '\t') {
        p += 1;
        continue;
      }
      pos = text[p] === '\r' ? p + 2 : p + 1;
      return { cells, breaks };
    }
  };
  while (pos < text.length) {
    const start = pos;
    let record = quoteAware();
    if (!record || (record.breaks > 0 && record.cells.length !== expected)) {
      pos = start;
      record = plain();
    }
    out.push({ cells: record.cells, line });
    expected ??= record.cells.length;
    line += record.breaks + 1;
  }
  return out;
}

describe('TabSeparatedReader against the character-at-a-time rules (property)', () => {
  const piece = fc.constantFrom('a', 'bc', '"', '""', '\t', '\n', '\r\n', ' ', 'B000000001');
  const texts = fc.array(piece, { maxLength: 60 }).map((p) => p.join(''));

  it('reads the same records, cells and lines, whatever the quotes', () => {
    fc.assert(
      fc.property(texts, (text) => {
        const reader = new TabSeparatedReader(normalizeTabText(text));
        const got: { cells: string[]; line: number }[] = [];
        let expected: number | undefined;
        while (!reader.done) {
          const record = reader.next(Infinity, expected);
          got.push({ cells: record.cells, line: record.line });
          expected ??= record.count;
        }
        expect(got).toEqual(naiveRecords(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps the same first cells when asked for only those', () => {
    fc.assert(
      fc.property(texts, fc.integer({ min: 1, max: 3 }), (text, keep) => {
        const all = new TabSeparatedReader(normalizeTabText(text));
        const few = new TabSeparatedReader(normalizeTabText(text));
        const first = all.next(Infinity);
        few.next(Infinity);
        while (!all.done) {
          const a = all.next(Infinity, first.count);
          const b = few.next(keep, first.count);
          expect(b.cells).toEqual(a.cells.slice(0, keep));
          expect([b.line, b.blank]).toEqual([a.line, a.blank]);
        }
        expect(few.done).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
