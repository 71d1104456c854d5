import {
  domainMessage,
  regionByCode,
  WATCH_CONDITIONS,
  WATCH_THRESHOLD_CONDITIONS,
  watchCreateSchema,
  type RegionCode,
  type Watch,
  type WatchCondition,
  type WatchCreate,
} from '@crossmarket/domain';
import { useId, useRef, useState } from 'react';
import type { Language, Translate } from '../shared/messages';

/** A threshold's unit: a percentage for a profit condition, else the marketplace's currency (as the web's). */
const isPercent = (condition: string) => /profit|percent/.test(condition);

/**
 * A watch in words, from the domain's catalogue texts (`watches.conditions.*`, the mails' words too), its
 * threshold in the marketplace's currency or as a percentage; "…" stands for one not yet chosen. A
 * condition added to the catalogue before its words reads as its code.
 */
export function describeWatch(w: Pick<Watch, 'marketplace' | 'condition' | 'threshold'>, lang: Language) {
  const threshold =
    w.threshold == null
      ? '…'
      : isPercent(w.condition)
        ? `${new Intl.NumberFormat(lang, { maximumFractionDigits: 2 }).format(w.threshold)} %`
        : new Intl.NumberFormat(lang, {
            style: 'currency',
            currency: regionByCode(w.marketplace).currency.code,
          }).format(w.threshold);
  const key = `watches.conditions.${w.condition}`;
  const said = domainMessage(lang, key, { threshold });
  return said === key ? w.condition.replaceAll('_', ' ') : said;
}

/** The new watch's condition and threshold, checked by `watchCreateSchema` before it is sent. */
export function WatchForm({
  asin,
  page,
  busy,
  lang,
  t,
  onAdd,
}: {
  asin: string;
  page: RegionCode;
  busy: boolean;
  lang: Language;
  t: Translate;
  onAdd: (body: WatchCreate) => Promise<boolean>;
}) {
  const [condition, setCondition] = useState<WatchCondition>(WATCH_CONDITIONS[0]);
  const [threshold, setThreshold] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const thresholdRef = useRef<HTMLInputElement>(null);
  const ids = { condition: useId(), threshold: useId(), error: useId() };
  const needs = WATCH_THRESHOLD_CONDITIONS.includes(condition);

  const submit = async () => {
    const parsed = watchCreateSchema.safeParse({
      marketplace: page,
      asin,
      condition,
      threshold: needs && threshold.trim() !== '' ? Number(threshold) : null,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      setInvalid(domainMessage(lang, issue.message));
      if (issue.path[0] === 'threshold') thresholdRef.current?.focus();
      return;
    }
    setInvalid(null);
    if (await onAdd(parsed.data)) setThreshold('');
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div className="cm-field">
        <label htmlFor={ids.condition}>{t('watchCondition')}</label>
        <select
          id={ids.condition}
          value={condition}
          onChange={(e) => {
            setCondition(e.target.value as WatchCondition);
            setInvalid(null);
          }}
        >
          {WATCH_CONDITIONS.map((c) => (
            <option key={c} value={c}>
              {describeWatch({ marketplace: page, condition: c, threshold: null }, lang)}
            </option>
          ))}
        </select>
      </div>
      {needs && (
        <div className="cm-field">
          <label htmlFor={ids.threshold}>
            {isPercent(condition)
              ? t('watchThresholdPercent')
              : t('watchThreshold', { currency: regionByCode(page).currency.code })}
          </label>
          <input
            ref={thresholdRef}
            id={ids.threshold}
            type="number"
            inputMode="decimal"
            min="0"
            step="0.01"
            value={threshold}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={invalid ? ids.error : undefined}
            onChange={(e) => setThreshold(e.target.value)}
          />
        </div>
      )}
      {invalid && (
        <p id={ids.error} className="cm-problem">
          {invalid}
        </p>
      )}
      <button type="submit" className="cm-primary" disabled={busy}>
        {t('watchAdd')}
      </button>
    </form>
  );
}
