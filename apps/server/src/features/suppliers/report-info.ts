import type { SupplierReport } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

type Row = {
  rows: number;
  differs: number;
  unknown: number;
  supplier_name: string | null;
  list_id: string | null;
  file_name: string | null;
  version: number | null;
  uploaded_at: Date | string | null;
  lines: number | null;
  bad_count: number | null;
  answered: number | null;
  matched: number | null;
};

/**
 * A supplier report's header: its list (the supplier, file, version among the supplier's lists, lines,
 * bad lines) and how the lines matched in the selling marketplace (`supplier_matches`, kept per list), with
 * the products priced and their pack verdicts. Null on a report that is no supplier's. Once the list is
 * deleted only the report's own rows remain to count. Counted in PostgreSQL: the lines are not read.
 */
export async function supplierReportInfo(
  db: Db,
  report: {
    id: string;
    supplierListId: string | null;
    toCountry: string;
    supplierMatchedAt: Date | null;
    supplierQuotaLeftOut: number;
  },
): Promise<SupplierReport | null> {
  const result = await db.execute<Row>(sql`
    with r as (
      select count(*)::int as rows,
             count(*) filter (where pack = 'differs')::int as differs,
             count(*) filter (where pack = 'unknown')::int as unknown
        from report_supplier_rows where report_id = ${report.id}::uuid
    )
    select r.*, s.name as supplier_name, l.id as list_id, l.file_name, l.created_at as uploaded_at,
           (select count(*)::int from supplier_lists v
             where v.supplier_id = l.supplier_id and v.created_at <= l.created_at) as version,
           jsonb_array_length(l.lines)::int as lines, jsonb_array_length(l.bad)::int as bad_count,
           (select count(*)::int from supplier_matches m
             where m.list_id = l.id and m.marketplace = ${report.toCountry}) as answered,
           (select count(*)::int from supplier_matches m
             where m.list_id = l.id and m.marketplace = ${report.toCountry}
               and jsonb_array_length(m.matches) > 0) as matched
      from r
      left join supplier_lists l on l.id = ${report.supplierListId}::uuid
      left join suppliers s on s.id = l.supplier_id`);
  const row = result.rows[0];
  if (!row || (!row.list_id && row.rows === 0)) return null;
  const listed = row.list_id !== null;
  // Lines Amazon did not answer are known once the match is over; while it runs, they are still to come.
  const unanswered =
    listed && report.supplierMatchedAt ? Math.max(0, row.lines! - row.answered!) : listed ? 0 : null;
  return {
    supplier_name: row.supplier_name,
    list_id: row.list_id,
    file_name: row.file_name,
    version: row.version,
    uploaded_at: row.uploaded_at === null ? null : new Date(row.uploaded_at).toISOString(),
    lines: row.lines,
    bad_count: row.bad_count,
    matched_lines: listed ? row.matched : null,
    unmatched_lines: listed ? row.answered! - row.matched! : null,
    unanswered_lines: unanswered,
    products: row.rows,
    pack_differs: row.differs,
    pack_unknown: row.unknown,
    quota_left_out: report.supplierQuotaLeftOut,
  };
}
