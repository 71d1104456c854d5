import { normalizeTabText, TabSeparatedReader } from '../tab-separated';
import {
  amazonCents,
  chargeKind,
  feeKind,
  type ActualEvent,
  type ActualKind,
  type ActualLine,
} from './lines';

/**
 * The columns of GET_V2_SETTLEMENT_REPORT_DATA_FLAT_FILE_V2, in Amazon's order ("Settlement reports
 * attributes", reference §4.4 [S30]). Read by name, never by position.
 */
export const SETTLEMENT_V2_COLUMNS = [
  'settlement-id',
  'settlement-start-date',
  'settlement-end-date',
  'deposit-date',
  'total-amount',
  'currency',
  'transaction-type',
  'order-id',
  'merchant-order-id',
  'adjustment-id',
  'shipment-id',
  'marketplace-name',
  'amount-type',
  'amount-description',
  'amount',
  'fulfillment-id',
  'posted-date',
  'posted-date-time',
  'order-item-code',
  'merchant-order-item-id',
  'merchant-adjustment-item-id',
  'sku',
  'quantity-purchased',
] as const;
type Column = (typeof SETTLEMENT_V2_COLUMNS)[number];

export interface SettlementSummary {
  settlement_id: string;
  start_at: string | null;
  end_at: string | null;
  deposit_at: string | null;
  total_cents: number;
  currency: string;
}

export interface ParsedSettlement {
  summary: SettlementSummary | null;
  lines: ActualLine[];
  /** Rows that name no order (subscription fees, reserves, transfers): kept in the file, not on an order. */
  other_rows: number;
  problems: string[];
}

/**
 * Amazon's dates in these files: `2026-10-01 07:00:00 UTC`, `2026-10-01T07:00:00+00:00`, or the EU
 * `01.10.2026 07:00:00 UTC`; `2026-10-01` alone.
 */
export function settlementDate(text: string | undefined): string | null {
  if (!text) return null;
  let t = text.trim();
  const eu = /^(\d{2})\.(\d{2})\.(\d{4})(.*)$/.exec(t);
  if (eu) t = `${eu[3]}-${eu[2]}-${eu[1]}${eu[4]}`;
  t = t.replace(/ UTC$/, 'Z').replace(/^(\d{4}-\d{2}-\d{2}) /, '$1T');
  if (/^\d{4}-\d{2}-\d{2}$/.test(t)) t += 'T00:00:00Z';
  const ms = Date.parse(t);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
}

function eventOf(transactionType: string): ActualEvent {
  const t = transactionType.toLowerCase();
  if (t.includes('chargeback')) return 'chargeback';
  if (t.includes('a-to-z') || t.includes('guarantee')) return 'guarantee_claim';
  if (t.includes('refund')) return 'refund';
  if (t === 'order') return 'shipment';
  return 'adjustment';
}

function kindOf(amountType: string, description: string): ActualKind {
  if (/^MarketplaceFacilitator/i.test(description) || /withheld/i.test(amountType)) return 'tax_withheld';
  if (/fee/i.test(amountType)) return feeKind(description);
  if (/promotion/i.test(amountType)) return 'promotion';
  return chargeKind(description);
}

/** A V2 settlement file: its summary row and the lines of every order it settles. */
export function parseSettlementV2(text: string): ParsedSettlement {
  const reader = new TabSeparatedReader(normalizeTabText(text));
  const header = reader.next(64);
  const at = new Map(header.cells.map((c, i) => [c.trim().toLowerCase(), i]));
  const problems = SETTLEMENT_V2_COLUMNS.filter((c) => !at.has(c)).map((c) => `missing column ${c}`);
  const width = header.cells.length;
  let summary: SettlementSummary | null = null;
  const lines: ActualLine[] = [];
  let other = 0;
  const seen = new Map<string, number>();
  while (!reader.done) {
    const rec = reader.next(width);
    if (rec.blank) continue;
    const cell = (c: Column) => {
      const i = at.get(c);
      return i === undefined ? '' : (rec.cells[i] ?? '').trim();
    };
    const settlementId = cell('settlement-id');
    // The first row after the header carries the period and the deposit, and no transaction.
    if (!cell('transaction-type') && cell('total-amount')) {
      summary ??= {
        settlement_id: settlementId,
        start_at: settlementDate(cell('settlement-start-date')),
        end_at: settlementDate(cell('settlement-end-date')),
        deposit_at: settlementDate(cell('deposit-date')),
        total_cents: amazonCents(cell('total-amount')),
        currency: cell('currency'),
      };
      continue;
    }
    const orderId = cell('order-id');
    if (!orderId) {
      other += 1;
      continue;
    }
    const amountType = cell('amount-type');
    const description = cell('amount-description');
    const posted = settlementDate(cell('posted-date-time')) ?? settlementDate(cell('posted-date')) ?? '';
    const slot = [
      settlementId,
      orderId,
      cell('transaction-type'),
      cell('adjustment-id'),
      cell('shipment-id'),
      cell('order-item-code'),
      cell('merchant-adjustment-item-id'),
      posted,
      amountType,
      description,
    ].join('|');
    const n = seen.get(slot) ?? 0;
    seen.set(slot, n + 1);
    lines.push({
      source: 'settlement_v2',
      key: `settlement_v2|${slot}|${n}`,
      amazon_order_id: orderId,
      order_item_id: cell('order-item-code') || null,
      sku: cell('sku') || null,
      event: eventOf(cell('transaction-type')),
      event_ref: cell('adjustment-id') || settlementId || null,
      kind: kindOf(amountType, description),
      amazon_type: description || amountType,
      amount_cents: amazonCents(cell('amount')),
      currency: cell('currency') || summary?.currency || '',
      posted_at: posted,
      status: 'RELEASED',
      maturity_at: null,
      settlement_id: settlementId || null,
      group_id: null,
      marketplace: cell('marketplace-name') || null,
    });
  }
  return { summary, lines, other_rows: other, problems };
}

/** A V2 settlement file from rows (the sandbox's and the tests'): the header, then one line per row. */
export function writeSettlementV2(rows: Partial<Record<Column, string>>[]): string {
  const out = [SETTLEMENT_V2_COLUMNS.join('\t')];
  for (const r of rows) out.push(SETTLEMENT_V2_COLUMNS.map((c) => r[c] ?? '').join('\t'));
  return `${out.join('\n')}\n`;
}
