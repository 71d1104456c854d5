import type { WatchList } from '@crossmarket/domain';
import {
  OPTIONS_ONLY,
  type Answers,
  type Caller,
  type InventoryChoice,
  type Outcome,
  type Request,
} from '../shared/protocol';
import { normaliseServer, prefsOf, type StoredSettings } from '../shared/settings';

type Fetch = typeof fetch;

/** One call to Crossmarket with the token; never a cookie (`omit`): the token is the extension's only identity. */
async function call<T>(
  settings: StoredSettings,
  fetchFn: Fetch,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<Outcome<T>> {
  if (!settings.server || !settings.token) return { ok: false, reason: 'signed-out' };
  let res: Response;
  try {
    res = await fetchFn(`${settings.server}${path}`, {
      method,
      credentials: 'omit',
      headers: {
        authorization: `Bearer ${settings.token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    return { ok: false, reason: 'unreachable' };
  }
  if (res.status === 401) return { ok: false, reason: 'signed-out' };
  type Keyed = { key?: string; params?: Record<string, string | number> };
  const json = (await res.json().catch(() => null)) as {
    error?: { code?: string; message?: string; fields?: Keyed[] } & Keyed;
  } | null;
  if (!res.ok) {
    // A proxy's error page (no JSON) is as good as no answer from Crossmarket.
    if (!json?.error) return { ok: false, reason: 'unreachable' };
    return {
      ok: false,
      reason: 'refused',
      status: res.status,
      code: json.error.code ?? 'error',
      message: json.error.message ?? '',
      // A field's refusal says more than the whole body's "invalid input".
      key: json.error.fields?.[0]?.key ?? json.error.key,
      params: json.error.fields?.[0]?.params ?? json.error.params,
    };
  }
  return { ok: true, data: json as T };
}

/**
 * Whether Crossmarket answers at `server`: its health check, without the token (the address is not yet
 * trusted with it). Anything but Crossmarket's own answer counts as no answer.
 */
async function probe(server: string, fetchFn: Fetch): Promise<Outcome<null>> {
  const origin = normaliseServer(server);
  if (!origin) return { ok: false, reason: 'unreachable' };
  try {
    const res = await fetchFn(`${origin}/healthz`, { method: 'GET', credentials: 'omit' });
    const json = (await res.json().catch(() => null)) as { status?: string } | null;
    return res.ok && json?.status === 'ok' ? { ok: true, data: null } : { ok: false, reason: 'unreachable' };
  } catch {
    return { ok: false, reason: 'unreachable' };
  }
}

/** A content script asked what only the options page may. */
const OPTIONS_PAGE_ONLY = {
  ok: false,
  reason: 'refused',
  status: 403,
  code: 'options_page_only',
  message: "Only the extension's options page may ask this.",
} as const;

/**
 * Answers one request from a content script or the options page (`caller`, from the message's sender:
 * sender.ts). A content script runs inside Amazon's page: it never learns the address, nor may it try
 * addresses or the token (issue 57).
 */
export async function handle(
  request: Request,
  settings: StoredSettings,
  fetchFn: Fetch,
  caller: Caller,
): Promise<Outcome<Answers[Request['type']]>> {
  if (caller !== 'options' && OPTIONS_ONLY.has(request.type)) return OPTIONS_PAGE_ONLY;
  switch (request.type) {
    case 'status': {
      const signedIn = Boolean(settings.server && settings.token);
      const server = caller === 'options' ? (settings.server ?? null) : null;
      return { ok: true, data: { signedIn, server, prefs: prefsOf(settings) } };
    }
    case 'verify':
      // The cheapest call a token may make: proves the address is Crossmarket and the token is accepted.
      return call(settings, fetchFn, 'GET', '/api/usage');
    case 'probe':
      return probe(request.server, fetchFn);
    case 'latest':
      return call(settings, fetchFn, 'GET', `/v1/products/${encodeURIComponent(request.asin)}/latest`);
    case 'history':
      return call(
        settings,
        fetchFn,
        'GET',
        `/v1/products/${encodeURIComponent(request.marketplace)}/${encodeURIComponent(request.asin)}/history?days=${request.days}`,
      );
    case 'lookup':
      return call(settings, fetchFn, 'POST', '/v1/lookup', request.body);
    case 'inventories': {
      const listed = await call<InventoryChoice[]>(
        settings,
        fetchFn,
        'GET',
        `/api/inventories?to_country=${encodeURIComponent(request.to)}`,
      );
      if (!listed.ok) return listed;
      return { ok: true, data: listed.data.filter((i) => i.from_country === request.from) };
    }
    case 'addToInventory':
      return call(
        settings,
        fetchFn,
        'POST',
        `/v1/inventories/${encodeURIComponent(request.inventoryId)}/products`,
        {
          lookup_id: request.lookupId,
        },
      );
    case 'newReport': {
      const created = await call<{ report_id: string }>(settings, fetchFn, 'POST', '/api/reports', {
        title: `${request.asin} (browser extension)`,
        from_country: request.from,
        to_country: request.to,
        product_ids: request.asin,
      });
      if (!created.ok) return created;
      return { ok: true, data: { report_id: created.data.report_id } };
    }
    case 'watches': {
      // The list has no product filter: a seller has at most their plan's few watches.
      const listed = await call<WatchList>(settings, fetchFn, 'GET', '/api/watches');
      if (!listed.ok) return listed;
      const asin = request.asin.toUpperCase();
      const watches = listed.data.watches.filter(
        (w) => w.asin === asin && w.marketplace === request.marketplace,
      );
      return { ok: true, data: { watches, used: listed.data.watches.length, limit: listed.data.limit } };
    }
    case 'addWatch':
      return call(settings, fetchFn, 'POST', '/api/watches', request.body);
    case 'removeWatch':
      // 204 has no body: the call's JSON is null, which is the answer.
      return call(settings, fetchFn, 'DELETE', `/api/watches/${encodeURIComponent(request.id)}`);
    case 'openOptions':
    case 'openReport':
    case 'remember':
      // Side effects of the worker itself (service-worker.ts); nothing to ask Crossmarket.
      return { ok: true, data: null };
  }
}
