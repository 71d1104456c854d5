import { defaultReportSettings } from '@crossmarket/domain';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReportDetail } from '../api/report';

/** Structural equality: stored settings come back from jsonb with their keys in another order. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  return (
    ka.length === kb.length &&
    ka.every((k) => sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}

/**
 * Which settings priced the rows: a finished report is priced at once (issue 46) with the inventory the
 * seller chose in the Create New Report drawer, else the defaults, so the seller learns the figures are
 * real, and where to change what they rest on.
 */
export function PricedWith({ report }: { report: ReportDetail }) {
  const { t } = useTranslation();
  if (!report.settings) return null;
  if (report.priced_with) {
    return (
      <Typography.Text type="secondary" data-testid="priced-with">
        {t('reportDetail.pricedWith.inventory', { name: report.priced_with })}
      </Typography.Text>
    );
  }
  const defaults = sameValue(report.settings, defaultReportSettings(report.parity));
  return (
    <Typography.Text type="secondary" data-testid="priced-with">
      {t(defaults ? 'reportDetail.pricedWith.defaults' : 'reportDetail.pricedWith.saved')}
    </Typography.Text>
  );
}
