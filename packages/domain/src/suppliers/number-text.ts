/**
 * A number as a supplier's file writes it: `12.50`, `12,50`, `1,234.56`, `1.234,56`, `1 234,56`, `$12.50`,
 * `12.50 EUR`. The last separator followed by other than three digits is the decimal one; a lone separator
 * followed by exactly three digits (`1,250`, `1.250`) reads one way in the US and another in Germany, so
 * it is `ambiguous` and the line is refused rather than priced a thousand times off.
 */
export type NumberText = { ok: true; value: number } | { ok: false; problem: 'not_number' | 'ambiguous' };

/** A currency written before or after the figure: a symbol or an ISO 4217 code. */
const CURRENCY_BEFORE = /^(?:US\$|[A-Z]{3}|[$€£¥₺])\s*/;
const CURRENCY_AFTER = /\s*(?:[A-Z]{3}|[$€£¥₺])$/;
const SPACES = /[\s\u00a0\u202f']/g;

export function readNumberText(cell: string | number | null | undefined): NumberText {
  if (typeof cell === 'number') {
    return Number.isFinite(cell) ? { ok: true, value: cell } : { ok: false, problem: 'not_number' };
  }
  const text = (cell ?? '')
    .trim()
    .replace(CURRENCY_BEFORE, '')
    .replace(CURRENCY_AFTER, '')
    .replace(SPACES, '');
  if (!text) return { ok: false, problem: 'not_number' };
  if (/^\d+$/.test(text)) return { ok: true, value: Number(text) };
  const lone = /^(\d+)([.,])(\d+)$/.exec(text);
  if (lone) {
    const [, whole, , fraction] = lone;
    if (fraction!.length === 3 && !whole!.startsWith('0')) return { ok: false, problem: 'ambiguous' };
    return { ok: true, value: Number(`${whole}.${fraction}`) };
  }
  // Several separators: the thousands one groups by three, the decimal one (if any) is the last.
  const grouped = /^(\d{1,3}(?:([.,])\d{3})+)(?:([.,])(\d+))?$/.exec(text);
  if (grouped) {
    const [, whole, thousands, decimal, fraction] = grouped;
    if (decimal && decimal === thousands) return { ok: false, problem: 'not_number' };
    const intPart = whole!.split(thousands!).join('');
    return { ok: true, value: Number(fraction ? `${intPart}.${fraction}` : intPart) };
  }
  return { ok: false, problem: 'not_number' };
}
