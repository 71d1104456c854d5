import { useId, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { translator, type Language, type MessageKey } from '../shared/messages';
import { sendToWorker, type Send } from '../shared/protocol';
import { normaliseServer, readSettings, saveSettings, type StoredSettings } from '../shared/settings';

declare const __DEFAULT_SERVER__: string;

const TOKEN = /^cm_[A-Za-z0-9]{20,}$/;

/** Lets the worker call `origin`: already granted at install (the build's server), else asked for now. */
async function allowOrigin(origin: string): Promise<boolean> {
  const origins = [`${origin}/*`];
  if (await chrome.permissions.contains({ origins })) return true;
  return chrome.permissions.request({ origins });
}

export interface OptionsDeps {
  send: Send;
  load: () => Promise<StoredSettings>;
  save: (values: Partial<StoredSettings>) => Promise<void>;
  remove: (keys: string[]) => Promise<void>;
  allow: (origin: string) => Promise<boolean>;
}

/** The options page: the Crossmarket address and a personal API token, checked against the server. */
export function Options({
  lang,
  deps,
  initial,
}: {
  lang: Language;
  deps: OptionsDeps;
  initial: StoredSettings;
}) {
  const t = translator(lang);
  const [server, setServer] = useState(initial.server ?? __DEFAULT_SERVER__);
  const [token, setToken] = useState('');
  const [said, setSaid] = useState<{ ok: boolean; key: MessageKey } | null>(null);
  const [busy, setBusy] = useState(false);
  const [signedIn, setSignedIn] = useState(Boolean(initial.token));
  const ids = { server: useId(), token: useId() };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const origin = normaliseServer(server);
    if (!origin) return setSaid({ ok: false, key: 'badServer' });
    if (!TOKEN.test(token.trim())) return setSaid({ ok: false, key: 'badToken' });
    setBusy(true);
    // Asked first, inside the click: the browser grants permissions only during a user gesture.
    if (!(await deps.allow(origin))) {
      setBusy(false);
      return setSaid({ ok: false, key: 'permissionDenied' });
    }
    await deps.save({ server: origin, token: token.trim() });
    const verified = await deps.send({ type: 'verify' });
    setBusy(false);
    if (verified.ok) {
      // Cleared only once accepted: a token is shown once, so a failed try must not lose it.
      setToken('');
      setSignedIn(true);
      return setSaid({ ok: true, key: 'saved' });
    }
    if (verified.reason === 'signed-out') {
      await deps.remove(['token']);
      setSignedIn(false);
      return setSaid({ ok: false, key: 'tokenRefused' });
    }
    setSaid({ ok: false, key: 'addressUnreachable' });
  };

  /** Tests the address alone, before a token is saved for it. */
  const test = async () => {
    const origin = normaliseServer(server);
    if (!origin) return setSaid({ ok: false, key: 'badServer' });
    setBusy(true);
    if (!(await deps.allow(origin))) {
      setBusy(false);
      return setSaid({ ok: false, key: 'permissionDenied' });
    }
    const answered = await deps.send({ type: 'probe', server: origin });
    setBusy(false);
    setSaid(answered.ok ? { ok: true, key: 'addressOk' } : { ok: false, key: 'addressUnreachable' });
  };

  const signOut = async () => {
    await deps.remove(['token']);
    setSignedIn(false);
    setSaid({ ok: true, key: 'signedOut' });
  };

  return (
    <main lang={lang}>
      <h1>{t('optionsTitle')}</h1>
      <p>{t('optionsIntro')}</p>
      <form onSubmit={(e) => void submit(e)}>
        <label htmlFor={ids.server}>{t('server')}</label>
        <input
          id={ids.server}
          type="url"
          value={server}
          onChange={(e) => setServer(e.target.value)}
          required
        />
        <label htmlFor={ids.token}>{t('token')}</label>
        <input
          id={ids.token}
          type="password"
          autoComplete="off"
          value={token}
          onChange={(e) => setToken(e.target.value)}
          required
        />
        <div className="row">
          <button type="submit" className="primary" disabled={busy}>
            {t('save')}
          </button>
          <button type="button" disabled={busy} onClick={() => void test()}>
            {t('testAddress')}
          </button>
          {signedIn && (
            <button type="button" onClick={() => void signOut()}>
              {t('signOut')}
            </button>
          )}
        </div>
      </form>
      {said && (
        <p
          className={said.ok ? 'ok' : 'problem'}
          role={said.ok ? 'status' : 'alert'}
          data-testid="options-result"
        >
          {t(said.key)}
        </p>
      )}
    </main>
  );
}

/** Mounted by options.html (not in tests, which render `Options` with stand-ins). */
export async function mountOptions(element: HTMLElement) {
  const lang: Language = navigator.language.toLowerCase().startsWith('tr') ? 'tr' : 'en';
  const deps: OptionsDeps = {
    send: sendToWorker,
    load: readSettings,
    save: saveSettings,
    remove: (keys) => chrome.storage.local.remove(keys),
    allow: allowOrigin,
  };
  createRoot(element).render(<Options lang={lang} deps={deps} initial={await deps.load()} />);
}
