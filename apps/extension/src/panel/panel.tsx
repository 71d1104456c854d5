import type { LatestProductRow, RegionCode } from '@crossmarket/domain';
import { useCallback, useEffect, useState } from 'react';
import { translator, type Language } from '../shared/messages';
import type { Send } from '../shared/protocol';
import type { Prefs } from '../shared/settings';
import { HistorySection } from './history-section';
import { QuickCheck, type Remember } from './quick-check';
import { ReportsSection } from './reports-section';
import { WatchSection } from './watch-section';

type State =
  | { kind: 'loading' }
  | { kind: 'signed-out' }
  | { kind: 'unreachable' }
  | { kind: 'ready'; latest: LatestProductRow['latest'] };

export interface PanelProps {
  asin: string | null;
  page: RegionCode;
  lang: Language;
  send: Send;
  stored: Prefs;
  remember: Remember;
}

/**
 * The panel beside the buy box: a header that collapses it (remembered), then by state — not signed in
 * (a button to the options page), server unreachable (try again), or the seller's latest report row and
 * the quick check. Every state says what happened; none leaves an empty or broken box.
 */
export function Panel({ asin, page, lang, send, stored, remember }: PanelProps) {
  const t = translator(lang);
  const [collapsed, setCollapsed] = useState(Boolean(stored.collapsed));
  const [state, setState] = useState<State>({ kind: 'loading' });

  // What the worker says now; set by the effect's callback (and by "Try again"), never synchronously.
  const fetchState = useCallback(async (): Promise<State> => {
    const status = await send({ type: 'status' });
    if (!status.ok || !status.data.signedIn) return { kind: 'signed-out' };
    if (!asin) return { kind: 'ready', latest: null };
    const latest = await send({ type: 'latest', asin });
    if (latest.ok) return { kind: 'ready', latest: latest.data.latest };
    return { kind: latest.reason === 'signed-out' ? 'signed-out' : 'unreachable' };
  }, [asin, send]);

  useEffect(() => {
    let live = true;
    void fetchState().then((next) => live && setState(next));
    return () => {
      live = false;
    };
  }, [fetchState]);

  const retry = () => {
    setState({ kind: 'loading' });
    void fetchState().then(setState);
  };

  const toggle = () => {
    remember({ collapsed: !collapsed });
    setCollapsed(!collapsed);
  };

  return (
    <aside className="cm-panel" aria-label={t('title')} lang={lang} data-state={state.kind}>
      <header className="cm-header">
        <h2>{t('title')}</h2>
        <button type="button" aria-expanded={!collapsed} aria-controls="cm-body" onClick={toggle}>
          {collapsed ? t('expand') : t('collapse')}
        </button>
      </header>
      <div id="cm-body" hidden={collapsed}>
        {state.kind === 'loading' && <p role="status">{t('loading')}</p>}
        {state.kind === 'signed-out' && (
          <div className="cm-section">
            <p>{t('notSignedIn')}</p>
            <button type="button" className="cm-primary" onClick={() => void send({ type: 'openOptions' })}>
              {t('openOptions')}
            </button>
          </div>
        )}
        {state.kind === 'unreachable' && (
          <div className="cm-section">
            <p role="alert">{t('unreachable')}</p>
            <button type="button" onClick={retry}>
              {t('retry')}
            </button>
          </div>
        )}
        {state.kind === 'ready' && !asin && <p className="cm-section">{t('noAsin')}</p>}
        {state.kind === 'ready' && asin && (
          <>
            <ReportsSection latest={state.latest} asin={asin} send={send} lang={lang} t={t} />
            <HistorySection asin={asin} page={page} send={send} lang={lang} t={t} />
            <WatchSection asin={asin} page={page} send={send} lang={lang} t={t} />
            <QuickCheck
              asin={asin}
              page={page}
              stored={stored}
              remember={remember}
              send={send}
              lang={lang}
              t={t}
              onSignedOut={() => setState({ kind: 'signed-out' })}
            />
          </>
        )}
      </div>
    </aside>
  );
}
