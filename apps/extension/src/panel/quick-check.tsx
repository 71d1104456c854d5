import type { LookupResult, RegionCode } from '@crossmarket/domain';
import { useEffect, useId, useState } from 'react';
import { BUYING_COUNTRIES, checkCountries, countryName, SELLING_COUNTRIES } from '../shared/marketplace';
import type { Language, Translate } from '../shared/messages';
import type { InventoryChoice, Outcome, Send } from '../shared/protocol';
import type { Prefs } from '../shared/settings';
import { refusalText } from '../shared/refusal';
import { Actions } from './actions';
import { Figures } from './figures';

export type Remember = (values: Prefs) => void;

/** The refusals the panel says in the page's language; any other shows the server's own message. */
function problemOf(outcome: Exclude<Outcome<unknown>, { ok: true }>, t: Translate, lang: Language) {
  if (outcome.reason === 'refused' && outcome.code === 'quota_used_up') return t('quotaUsed');
  if (outcome.reason === 'unreachable') return t('unreachable');
  if (outcome.reason === 'refused') return refusalText(outcome, t, lang);
  return t('notSignedIn');
}

/**
 * "Quick check": the product looked up now against a country the seller picks (remembered), priced with
 * a chosen inventory's settings or the defaults, for 1 credit (said before the button). Not found on
 * either side is said as such, not as a broken row.
 */
export function QuickCheck({
  asin,
  page,
  stored,
  remember,
  send,
  lang,
  t,
  onSignedOut,
}: {
  asin: string;
  page: RegionCode;
  stored: Prefs;
  remember: Remember;
  send: Send;
  lang: Language;
  t: Translate;
  onSignedOut: () => void;
}) {
  const [countries, setCountries] = useState(() => checkCountries(page, stored));
  const [inventories, setInventories] = useState<InventoryChoice[]>([]);
  const [inventoryId, setInventoryId] = useState<string>(stored.inventoryId ?? '');
  const [result, setResult] = useState<LookupResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = { country: useId(), inventory: useId() };
  const { from, to, pageSide } = countries;
  const other = pageSide === 'from' ? to : from;
  const choices = (pageSide === 'from' ? SELLING_COUNTRIES : BUYING_COUNTRIES).filter((c) => c !== page);

  useEffect(() => {
    let live = true;
    void send({ type: 'inventories', from, to }).then((listed) => {
      if (live) setInventories(listed.ok ? listed.data : []);
    });
    return () => {
      live = false;
    };
  }, [send, from, to]);
  const chosen = inventories.some((i) => i.id === inventoryId) ? inventoryId : '';

  const pickCountry = (code: RegionCode) => {
    const next = pageSide === 'from' ? { sellTo: code } : { buyIn: code };
    remember(next);
    setCountries(checkCountries(page, { ...stored, ...next }));
    setResult(null);
  };

  const check = async () => {
    setBusy(true);
    setProblem(null);
    const body = { product_id: asin, from_country: from, to_country: to, inventory_id: chosen || null };
    const answer = await send({ type: 'lookup', body });
    setBusy(false);
    if (answer.ok) return setResult(answer.data);
    if (answer.reason === 'signed-out') return onSignedOut();
    setResult(null);
    setProblem(problemOf(answer, t, lang));
  };

  const notFoundIn = result
    ? ([result.row.row_cross.status === 'dog' && from, result.row.row_to.status === 'dog' && to].find(
        Boolean,
      ) as RegionCode | undefined)
    : undefined;

  return (
    <section aria-labelledby="cm-check-title" className="cm-section">
      <h3 id="cm-check-title">{t('quickCheck')}</h3>
      <div className="cm-field">
        <label htmlFor={ids.country}>{t(pageSide === 'from' ? 'sellTo' : 'buyIn')}</label>
        <select id={ids.country} value={other} onChange={(e) => pickCountry(e.target.value as RegionCode)}>
          {choices.map((c) => (
            <option key={c} value={c}>
              {countryName(c, lang)}
            </option>
          ))}
        </select>
      </div>
      <div className="cm-field">
        <label htmlFor={ids.inventory}>{t('pricedWith')}</label>
        <select
          id={ids.inventory}
          value={chosen}
          onChange={(e) => {
            setInventoryId(e.target.value);
            remember({ inventoryId: e.target.value });
          }}
        >
          <option value="">{t('defaults')}</option>
          {inventories.map((i) => (
            <option key={i.id} value={i.id}>
              {i.title}
            </option>
          ))}
        </select>
      </div>
      <p className="cm-muted">{t('costsCredit')}</p>
      <button type="button" className="cm-primary" onClick={() => void check()} disabled={busy}>
        {busy ? t('loading') : t('checkNow')}
      </button>
      {problem && (
        <p className="cm-problem" role="alert">
          {problem}
        </p>
      )}
      {result && notFoundIn && (
        <p className="cm-problem" role="status">
          {t('notFound', { country: countryName(notFoundIn, lang) })}
        </p>
      )}
      {result && !notFoundIn && (
        <>
          <Figures row={result.row} from={from} to={to} lang={lang} t={t} testId="cm-check" />
          <p className="cm-muted">{t('creditsLeft', { count: result.remaining })}</p>
          <Actions
            asin={asin}
            from={from}
            to={to}
            lookupId={result.lookup_id}
            inventories={inventories}
            initialInventory={chosen}
            send={send}
            t={t}
            lang={lang}
          />
        </>
      )}
    </section>
  );
}
