import type { RegionCode, Watch, WatchCreate } from '@crossmarket/domain';
import { useEffect, useRef, useState } from 'react';
import type { Language, Translate } from '../shared/messages';
import type { Outcome, ProductWatches, Send } from '../shared/protocol';
import { refusalText } from '../shared/refusal';
import { describeWatch, WatchForm } from './watch-form';

type Said = { kind: 'ok' | 'problem'; text: string };
type State = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; data: ProductWatches };

function problemOf(outcome: Exclude<Outcome<unknown>, { ok: true }>, t: Translate, lang: Language) {
  if (outcome.reason === 'unreachable') return t('unreachable');
  if (outcome.reason === 'signed-out') return t('notSignedIn');
  // The plan's cap (409): said in full, with what to do about it.
  if (outcome.code === 'watch_limit') return t('watchLimit', { limit: outcome.params?.limit ?? '' });
  return refusalText(outcome, t, lang);
}

/**
 * "Watch this product" beside the history (issue 49): the seller's watches of the product on this
 * marketplace, each removed after an inline confirmation, and a form for a new one — a condition from the
 * domain's catalogue and, when it needs one, a threshold — checked by the schema the server checks it with.
 * Watches spend no credit; the plan caps how many, and the server's refusal past it is said in full.
 */
export function WatchSection({
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
  // Bumped after a change: the list is read again (another tab may have changed it too).
  const [version, setVersion] = useState(0);
  const [said, setSaid] = useState<Said | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const keepRef = useRef<HTMLButtonElement>(null);
  // Each watch's Remove button, and the one the focus returns to when the seller keeps the watch.
  const removeButtons = useRef(new Map<string, HTMLButtonElement>());
  const refocus = useRef<string | null>(null);

  useEffect(() => {
    let live = true;
    void send({ type: 'watches', marketplace: page, asin }).then((answer) => {
      if (!live) return;
      setState(answer.ok ? { kind: 'ready', data: answer.data } : { kind: 'failed' });
    });
    return () => {
      live = false;
    };
  }, [asin, page, send, version]);

  // The question takes the focus, on its safe answer: a second Enter keeps the watch.
  useEffect(() => {
    if (confirming) keepRef.current?.focus();
    else if (refocus.current) removeButtons.current.get(refocus.current)?.focus();
    refocus.current = null;
  }, [confirming]);
  const keep = (id: string) => {
    refocus.current = id;
    setConfirming(null);
  };

  const remove = async (w: Watch) => {
    setBusy(true);
    const answer = await send({ type: 'removeWatch', id: w.id });
    setBusy(false);
    setConfirming(null);
    // 404: already gone (removed in the app or another tab), which is what the seller asked for.
    const gone = answer.ok || (answer.reason === 'refused' && answer.status === 404);
    setSaid(
      gone ? { kind: 'ok', text: t('watchRemoved') } : { kind: 'problem', text: problemOf(answer, t, lang) },
    );
    setVersion((v) => v + 1);
  };

  const add = async (body: WatchCreate) => {
    setBusy(true);
    const answer = await send({ type: 'addWatch', body });
    setBusy(false);
    if (!answer.ok) {
      setSaid({ kind: 'problem', text: problemOf(answer, t, lang) });
      return false;
    }
    setSaid({ kind: 'ok', text: t('watchAdded', { watch: describeWatch(answer.data, lang) }) });
    setVersion((v) => v + 1);
    return true;
  };

  return (
    <section aria-labelledby="cm-watch-title" className="cm-section" data-testid="cm-watch">
      <h3 id="cm-watch-title">{t('watch')}</h3>
      {state.kind === 'loading' && <p role="status">{t('loading')}</p>}
      {state.kind === 'failed' && (
        <div className="cm-row">
          <p className="cm-problem">{t('watchFailed')}</p>
          <button type="button" onClick={() => setVersion((v) => v + 1)}>
            {t('retry')}
          </button>
        </div>
      )}
      {state.kind === 'ready' && (
        <>
          {state.data.watches.length === 0 ? (
            <p className="cm-muted">{t('watchNone')}</p>
          ) : (
            <ul className="cm-list" aria-labelledby="cm-watch-title">
              {state.data.watches.map((w) => {
                const words = describeWatch(w, lang);
                return (
                  <li key={w.id} data-testid="cm-watch-item">
                    {confirming === w.id ? (
                      <div
                        role="group"
                        aria-label={t('watchRemoveConfirm', { watch: words })}
                        className="cm-row"
                        onKeyDown={(e) => e.key === 'Escape' && keep(w.id)}
                      >
                        <span>{t('watchRemoveConfirm', { watch: words })}</span>
                        <button type="button" disabled={busy} onClick={() => void remove(w)}>
                          {t('watchRemoveYes')}
                        </button>
                        <button type="button" ref={keepRef} onClick={() => keep(w.id)}>
                          {t('watchRemoveNo')}
                        </button>
                      </div>
                    ) : (
                      <>
                        <span>{words}</span>
                        <button
                          type="button"
                          ref={(el) => {
                            if (el) removeButtons.current.set(w.id, el);
                            else removeButtons.current.delete(w.id);
                          }}
                          aria-label={t('watchRemoveLabel', { watch: words })}
                          disabled={busy}
                          onClick={() => setConfirming(w.id)}
                        >
                          {t('watchRemove')}
                        </button>
                      </>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
          <p className="cm-muted" data-testid="cm-watch-usage">
            {state.data.used >= state.data.limit
              ? t('watchLimit', { limit: state.data.limit })
              : t('watchUsage', { used: state.data.used, limit: state.data.limit })}
          </p>
          <p className="cm-muted">{t('watchIntro')}</p>
          <WatchForm asin={asin} page={page} busy={busy} lang={lang} t={t} onAdd={add} />
        </>
      )}
      {said && (
        <p
          className={said.kind === 'ok' ? 'cm-ok' : 'cm-problem'}
          role={said.kind === 'ok' ? 'status' : 'alert'}
        >
          {said.text}
        </p>
      )}
    </section>
  );
}
