import { encodeFilters, type LatestProductRow, type RegionCode } from '@crossmarket/domain';
import type { Language, Translate } from '../shared/messages';
import { Figures } from './figures';

/** The report page filtered to this product (the report view lives in its URL: `f`, the filters). */
export const reportLink = (server: string, reportId: string, asin: string) =>
  `${server}/reports/${reportId}?f=${encodeFilters([{ id: 'cross_product_ids', value: { ids: [asin], mode: 'only' } }])}`;

/** "In your reports": the product's row in the newest of the seller's reports that has it (free). */
export function ReportsSection({
  latest,
  asin,
  server,
  lang,
  t,
}: {
  latest: LatestProductRow['latest'];
  asin: string;
  server: string;
  lang: Language;
  t: Translate;
}) {
  return (
    <section aria-labelledby="cm-reports-title" className="cm-section">
      <h3 id="cm-reports-title">{t('inReports')}</h3>
      {latest ? (
        <>
          <p className="cm-muted">{latest.title}</p>
          <Figures
            row={latest.row}
            from={latest.from_country as RegionCode}
            to={latest.to_country as RegionCode}
            lang={lang}
            t={t}
            testId="cm-latest"
          />
          <a href={reportLink(server, latest.report_id, asin)} target="_blank" rel="noreferrer noopener">
            {t('openReport')}
          </a>
        </>
      ) : (
        <p className="cm-muted">{t('notInReports')}</p>
      )}
    </section>
  );
}
