import type { RegionCode } from '@crossmarket/domain';
import { useId, useState } from 'react';
import type { Language, Translate } from '../shared/messages';
import { refusalText } from '../shared/refusal';
import type { InventoryChoice, Outcome, Send } from '../shared/protocol';

type Said = { kind: 'ok' | 'problem'; text: string; reportId?: string };

const failure = (outcome: Exclude<Outcome<unknown>, { ok: true }>, t: Translate, lang: Language) =>
  outcome.reason === 'refused'
    ? refusalText(outcome, t, lang)
    : t(outcome.reason === 'unreachable' ? 'unreachable' : 'notSignedIn');

/** After a check: "Add to inventory" (one of the inventories with these countries) and "Add to a new report". */
export function Actions({
  asin,
  from,
  to,
  lookupId,
  inventories,
  initialInventory,
  send,
  t,
  lang,
}: {
  asin: string;
  from: RegionCode;
  to: RegionCode;
  lookupId: string;
  inventories: InventoryChoice[];
  initialInventory: string;
  send: Send;
  t: Translate;
  lang: Language;
}) {
  const [target, setTarget] = useState(initialInventory || inventories[0]?.id || '');
  const [said, setSaid] = useState<Said | null>(null);
  const [busy, setBusy] = useState(false);
  const selectId = useId();

  const run = async (work: () => Promise<Said>) => {
    setBusy(true);
    setSaid(await work());
    setBusy(false);
  };
  const addToInventory = () =>
    run(async () => {
      const added = await send({ type: 'addToInventory', inventoryId: target, lookupId });
      if (!added.ok) return { kind: 'problem', text: failure(added, t, lang) };
      return { kind: 'ok', text: t(added.data.added ? 'added' : 'alreadyThere') };
    });
  const addToReport = () =>
    run(async () => {
      const created = await send({ type: 'newReport', asin, from, to });
      if (!created.ok) return { kind: 'problem', text: failure(created, t, lang) };
      return { kind: 'ok', text: t('reportCreated'), reportId: created.data.report_id };
    });

  return (
    <div className="cm-actions">
      {inventories.length > 0 ? (
        <div className="cm-row">
          <label htmlFor={selectId}>{t('chooseInventory')}</label>
          <select id={selectId} value={target} onChange={(e) => setTarget(e.target.value)}>
            {inventories.map((i) => (
              <option key={i.id} value={i.id}>
                {i.title}
              </option>
            ))}
          </select>
          <button type="button" onClick={() => void addToInventory()} disabled={busy || !target}>
            {t('addToInventory')}
          </button>
        </div>
      ) : (
        <p className="cm-muted">{t('noInventory')}</p>
      )}
      <p className="cm-muted">{t('reportCostsCredit')}</p>
      <button type="button" onClick={() => void addToReport()} disabled={busy}>
        {t('addToReport')}
      </button>
      {said && (
        <p
          className={said.kind === 'ok' ? 'cm-ok' : 'cm-problem'}
          role={said.kind === 'ok' ? 'status' : 'alert'}
        >
          {said.text}{' '}
          {said.reportId && (
            <button type="button" onClick={() => void send({ type: 'openReport', reportId: said.reportId! })}>
              {t('openNewReport')}
            </button>
          )}
        </p>
      )}
    </div>
  );
}
