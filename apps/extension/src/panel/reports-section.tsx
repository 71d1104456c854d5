import type { LatestProductRow, RegionCode } from '@crossmarket/domain';
import type { Language, Translate } from '../shared/messages';
import type { Send } from '../shared/protocol';
import { Figures } from './figures';

/** "In your reports": the product's row in the newest of the seller's reports that has it (free). */
export function ReportsSection({
  latest,
  asin,
  send,
  lang,
  t,
}: {
  latest: LatestProductRow['latest'];
  asin: string;
  /** The report opens through the worker, which alone knows the address (shared/report-link.ts). */
  send: Send;
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
          <button
            type="button"
            onClick={() => void send({ type: 'openReport', reportId: latest.report_id, asin })}
          >
            {t('openReport')}
          </button>
        </>
      ) : (
        <p className="cm-muted">{t('notInReports')}</p>
      )}
    </section>
  );
}
