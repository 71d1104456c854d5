import { describe, expect, it, vi } from 'vitest';
import type { Request } from '../src/shared/protocol';
import { reportLink } from '../src/shared/report-link';
import { handle } from '../src/worker/handle';
import { isOptionsPage } from '../src/worker/sender';

// Issue 57, item 6: a content script runs inside Amazon's page. The worker tells it whether the seller is
// signed in, never where Crossmarket is, and does not let it try addresses (`probe`) or the token
// (`verify`): those are the options page's alone.

const ID = 'abcdefghijklmnopabcdefghijklmnop';
const OPTIONS = `chrome-extension://${ID}/options.html`;
const SETTINGS = { server: 'https://crossmarket.example', token: 'cm_secret' };
const healthy = () => vi.fn(async () => new Response(JSON.stringify({ status: 'ok', r_count: 3 })));

describe("the worker's callers", () => {
  it('knows its options page by its URL, and nothing else (a tab alone says nothing)', () => {
    expect(isOptionsPage({ id: ID, url: OPTIONS }, ID, OPTIONS)).toBe(true);
    expect(isOptionsPage({ id: ID, url: `${OPTIONS}#token` }, ID, OPTIONS)).toBe(true);
    for (const sender of [
      // A content script: this extension's id, the Amazon page's URL (and a tab).
      { id: ID, url: 'https://www.amazon.com/dp/B0C1XAMPLE' },
      { id: ID, url: `https://www.amazon.com/${OPTIONS}` },
      { id: ID, url: `chrome-extension://${ID}/panel.html` },
      { id: 'another-extension', url: `chrome-extension://another-extension/options.html` },
      { id: 'another-extension', url: OPTIONS },
      { id: ID },
      { id: ID, url: 'not a url' },
    ]) {
      expect({ sender, trusted: isOptionsPage(sender, ID, OPTIONS) }).toEqual({ sender, trusted: false });
    }
  });

  it('refuses a content script probe and verify, and asks nothing', async () => {
    const fetchFn = healthy();
    for (const request of [
      { type: 'probe', server: 'http://localhost:4100' },
      { type: 'verify' },
    ] as Request[]) {
      expect(await handle(request, SETTINGS, fetchFn, 'content')).toMatchObject({
        ok: false,
        reason: 'refused',
        status: 403,
        code: 'options_page_only',
      });
    }
    expect(fetchFn).not.toHaveBeenCalled();
  });

  it('answers the options page probe and verify', async () => {
    const fetchFn = healthy();
    expect(
      await handle({ type: 'probe', server: 'http://localhost:4100' }, SETTINGS, fetchFn, 'options'),
    ).toEqual({
      ok: true,
      data: null,
    });
    expect((await handle({ type: 'verify' }, SETTINGS, fetchFn, 'options')).ok).toBe(true);
    expect(fetchFn).toHaveBeenCalledTimes(2);
  });

  it('tells a content script whether it is signed in, the options page also where', async () => {
    expect(await handle({ type: 'status' }, SETTINGS, vi.fn(), 'content')).toEqual({
      ok: true,
      data: { signedIn: true, server: null, prefs: {} },
    });
    expect(await handle({ type: 'status' }, SETTINGS, vi.fn(), 'options')).toEqual({
      ok: true,
      data: { signedIn: true, server: SETTINGS.server, prefs: {} },
    });
  });

  it('answers a new report without the address; the worker builds the links', async () => {
    const fetchFn = vi.fn(async () => new Response(JSON.stringify({ report_id: 'r9' }), { status: 201 }));
    const made = await handle(
      { type: 'newReport', asin: 'B0C1XAMPLE', from: 'us', to: 'ca' },
      SETTINGS,
      fetchFn,
      'content',
    );
    expect(made).toEqual({ ok: true, data: { report_id: 'r9' } });
    expect(JSON.stringify(made)).not.toContain(SETTINGS.server);
    expect(reportLink(SETTINGS.server, 'r9')).toBe(`${SETTINGS.server}/reports/r9`);
    expect(reportLink(SETTINGS.server, 'r/1', 'B0C1XAMPLE')).toMatch(
      /^https:\/\/crossmarket\.example\/reports\/r%2F1\?f=/,
    );
  });
});
