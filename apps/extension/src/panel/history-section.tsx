import type { HistoryPoint, ProductHistory, RegionCode } from '@crossmarket/domain';
import { useEffect, useState } from 'react';
import type { Language, Translate } from '../shared/messages';
import type { Send } from '../shared/protocol';

const WIDTH = 240;
const HEIGHT = 56;
/** Rows the table shows: the newest, as many as the panel has room for. */
const TABLE_ROWS = 10;

const priceOf = (p: HistoryPoint) => p.buybox_price ?? p.lowest_new_price;

/**
 * The price line as SVG points (buy box, else the lowest new offer). A line, not ECharts: the panel is one
 * self-contained script on every product page, and a few hundred bytes draw what it needs.
 */
export function sparkline(points: readonly HistoryPoint[]): string {
  const priced = points.flatMap((p) => {
    const price = priceOf(p);
    return price == null ? [] : [{ at: Date.parse(p.at), price }];
  });
  if (priced.length === 0) return '';
  const [t0, t1] = [priced[0]!.at, priced.at(-1)!.at];
  const prices = priced.map((p) => p.price);
  const [lo, hi] = [Math.min(...prices), Math.max(...prices)];
  const x = (at: number) => (t1 === t0 ? WIDTH / 2 : ((at - t0) / (t1 - t0)) * WIDTH);
  const y = (price: number) =>
    hi === lo ? HEIGHT / 2 : HEIGHT - 2 - ((price - lo) / (hi - lo)) * (HEIGHT - 4);
  return priced.map((p) => `${x(p.at).toFixed(1)},${y(p.price).toFixed(1)}`).join(' ');
}

type State = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; history: ProductHistory };

/**
 * The product's price history on this marketplace over 90 days (issue 49): what the line rests on, the
 * line itself (an image named by that caption), the signals the web app shows under its chart, and the
 * newest points as a table for keyboards and screen readers. Public data; it spends no credit.
 */
export function HistorySection({
  asin,
  page,
  send,
  lang,
  t,
}: {
  asin: string;
  page: RegionCode;
  send: Send;
  lang: Language;
  t: Translate;
}) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    void send({ type: 'history', marketplace: page, asin, days: 90 }).then(
      (answer) => live && setState(answer.ok ? { kind: 'ready', history: answer.data } : { kind: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [asin, page, send]);

  return (
    <section aria-labelledby="cm-history-title" className="cm-section" data-testid="cm-history">
      <h3 id="cm-history-title">{t('history')}</h3>
      {state.kind === 'loading' && <p role="status">{t('loading')}</p>}
      {state.kind === 'failed' && <p className="cm-muted">{t('historyFailed')}</p>}
      {state.kind === 'ready' && <HistoryBody history={state.history} lang={lang} t={t} />}
    </section>
  );
}

/** The caption, the line, the signals and the table of one answer. */
function HistoryBody({ history, lang, t }: { history: ProductHistory; lang: Language; t: Translate }) {
  const date = (iso: string, time = false) =>
    new Intl.DateTimeFormat(
      lang,
      time ? { dateStyle: 'short', timeStyle: 'short' } : { dateStyle: 'long' },
    ).format(new Date(iso));
  const number = (n: number) => new Intl.NumberFormat(lang).format(n);
  const na = '–';
  const s = history.signals;
  const money = (n: number | null | undefined) =>
    n == null ? na : new Intl.NumberFormat(lang, { style: 'currency', currency: history.currency }).format(n);
  // No count of lookups and no first date: those are every seller's research (issue 57).
  const caption = history.points.some((p) => p.source === 'observed')
    ? t('historyCaption')
    : t('historyNone');
  const line = sparkline(history.points);
  return (
    <>
      <p className="cm-muted" data-testid="cm-history-caption">
        {caption}
        {s.sandbox_days > 0 &&
          ` ${t(s.sandbox_days === 1 ? 'historySandboxOne' : 'historySandbox', { count: number(s.sandbox_days) })}`}
      </p>
      {line && (
        <svg
          role="img"
          aria-label={`${t('history')}. ${caption}`}
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          width="100%"
          height={HEIGHT}
          preserveAspectRatio="none"
        >
          <polyline points={line} fill="none" stroke="var(--accent)" strokeWidth="1.5" />
        </svg>
      )}
      <dl className="cm-figures">
        <div className="cm-figure">
          <dt>{t('historyLowest')}</dt>
          <dd>{money(s.lowest_price?.price)}</dd>
        </div>
        <div className="cm-figure">
          <dt>{t('historyHighest')}</dt>
          <dd>{money(s.highest_price?.price)}</dd>
        </div>
        <div className="cm-figure">
          <dt>{t('historyDaysOut')}</dt>
          <dd>{number(s.days_out_of_stock)}</dd>
        </div>
        <div className="cm-figure">
          <dt>{t('historyRankUps')}</dt>
          <dd>{number(s.rank_improvements)}</dd>
        </div>
      </dl>
      {history.points.length > 0 && (
        <details>
          <summary>{t('historyTable')}</summary>
          <table className="cm-table">
            <thead>
              <tr>
                <th scope="col">{t('historyWhen')}</th>
                <th scope="col">{t('historyPrice')}</th>
                <th scope="col">{t('historyRank')}</th>
                <th scope="col">{t('historyStock')}</th>
              </tr>
            </thead>
            <tbody>
              {history.points
                .slice(-TABLE_ROWS)
                .reverse()
                .map((p) => (
                  <tr key={p.at}>
                    <td>{date(p.at, true)}</td>
                    <td>{money(priceOf(p))}</td>
                    <td>{p.sales_rank == null ? na : number(p.sales_rank)}</td>
                    <td>{p.in_stock == null ? na : p.in_stock ? t('inStock') : t('outOfStock')}</td>
                  </tr>
                ))}
            </tbody>
          </table>
        </details>
      )}
    </>
  );
}
