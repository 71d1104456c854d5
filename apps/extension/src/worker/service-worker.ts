import type { Caller, Request } from '../shared/protocol';
import { reportLink } from '../shared/report-link';
import { PREF_KEYS, readSettings, saveSettings } from '../shared/settings';
import { handle } from './handle';
import { isOptionsPage } from './sender';

// Content scripts share the Amazon page's process, and Chromium lets them read storage.local unless told
// otherwise: the address and the token are for this worker and the options page only. The manifest's
// minimum_chrome_version (140, build.mjs) is the first with this call: it is never missing, never skipped.
void chrome.storage.local.setAccessLevel({ accessLevel: 'TRUSTED_CONTEXTS' });

// The extension's only door to Crossmarket: the panel and the options page send messages here, and only
// this worker reads the token and calls the saved address (host_permissions let it past CORS).
chrome.runtime.onMessage.addListener((request: Request, sender, reply) => {
  const caller: Caller = isOptionsPage(sender, chrome.runtime.id, chrome.runtime.getURL('options.html'))
    ? 'options'
    : 'content';
  if (request.type === 'remember') {
    // Only the panel's own choices: a content script can never overwrite the address or the token.
    const values = Object.fromEntries(
      PREF_KEYS.flatMap((k) => (k in request.values ? [[k, request.values[k]]] : [])),
    );
    void saveSettings(values).then(() => reply({ ok: true, data: null }));
    return true;
  }
  if (request.type === 'openOptions') {
    void chrome.runtime.openOptionsPage();
    reply({ ok: true, data: null });
    return false;
  }
  if (request.type === 'openReport') {
    // The panel's report links: the address stays here (content scripts never learn it).
    void readSettings().then(async ({ server }) => {
      if (server) await chrome.tabs.create({ url: reportLink(server, request.reportId, request.asin) });
      reply(server ? { ok: true, data: null } : { ok: false, reason: 'signed-out' });
    });
    return true;
  }
  void readSettings()
    .then((settings) => handle(request, settings, fetch, caller))
    .then(reply, () => reply({ ok: false, reason: 'unreachable' }));
  return true; // the answer comes asynchronously
});
