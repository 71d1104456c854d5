import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from '../../../lib/dayjs';
import { formatNumber } from '../../../lib/format-number';
import type { ReportDetail } from '../api/report';

/**
 * A supplier list report's header (issue 62): the supplier and the list version it was priced from,
 * then what became of the list's lines (matched, not found, not answered, bad) and the products' packs.
 * A deleted list leaves only the report's own counts.
 */
export function SupplierSummary({ report }: { report: Pick<ReportDetail, 'supplier'> }) {
  const { t, i18n } = useTranslation();
  const s = report.supplier;
  if (!s) return null;
  const n = (x: number) => formatNumber(x, i18n.language);
  return (
    <Flex vertical gap={2} data-testid="supplier-report">
      <Typography.Text>
        {s.list_id && s.supplier_name && s.file_name
          ? t('reportDetail.supplierReport.list', {
              supplier: s.supplier_name,
              file: s.file_name,
              version: n(s.version ?? 1),
              date: s.uploaded_at ? dayjs(s.uploaded_at).format('LL') : '',
            })
          : t('reportDetail.supplierReport.listDeleted')}
      </Typography.Text>
      {s.lines !== null && (
        <Typography.Text type="secondary" data-testid="supplier-report-lines">
          {[
            t('reportDetail.supplierReport.lines', { count: s.lines, formatted: n(s.lines) }),
            t('reportDetail.supplierReport.matched', {
              count: s.matched_lines ?? 0,
              formatted: n(s.matched_lines ?? 0),
            }),
            t('reportDetail.supplierReport.unmatched', {
              count: s.unmatched_lines ?? 0,
              formatted: n(s.unmatched_lines ?? 0),
            }),
            ...(s.unanswered_lines
              ? [
                  t('reportDetail.supplierReport.unanswered', {
                    count: s.unanswered_lines,
                    formatted: n(s.unanswered_lines),
                  }),
                ]
              : []),
            t('reportDetail.supplierReport.bad', { count: s.bad_count ?? 0, formatted: n(s.bad_count ?? 0) }),
          ].join(' · ')}
        </Typography.Text>
      )}
      {s.quota_left_out > 0 && (
        <Typography.Text type="warning" data-testid="supplier-report-quota">
          {t('reportDetail.supplierReport.quotaLeftOut', {
            count: s.quota_left_out,
            formatted: n(s.quota_left_out),
          })}
        </Typography.Text>
      )}
      <Typography.Text type="secondary" data-testid="supplier-report-packs">
        {[
          t('reportDetail.supplierReport.products', { count: s.products, formatted: n(s.products) }),
          t('reportDetail.supplierReport.packs', {
            differs: n(s.pack_differs),
            unknown: n(s.pack_unknown),
          }),
        ].join(' · ')}
      </Typography.Text>
    </Flex>
  );
}
