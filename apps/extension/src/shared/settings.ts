import type { RegionCode } from '@crossmarket/domain';

/**
 * What the extension keeps in chrome.storage.local: the Crossmarket address and token (sent nowhere but
 * that address, by the worker only), and the panel's remembered choices.
 */
export interface StoredSettings extends Prefs {
  server?: string;
  token?: string;
}

/** The panel's remembered choices: all the content script ever sees of the storage (through the worker). */
export interface Prefs {
  sellTo?: RegionCode;
  buyIn?: RegionCode;
  inventoryId?: string;
  collapsed?: boolean;
}

export const PREF_KEYS = [
  'sellTo',
  'buyIn',
  'inventoryId',
  'collapsed',
] as const satisfies readonly (keyof Prefs)[];

/** Only the remembered choices of what is stored: never the address or the token. */
export const prefsOf = (stored: StoredSettings): Prefs =>
  Object.fromEntries(PREF_KEYS.filter((k) => stored[k] !== undefined).map((k) => [k, stored[k]]));

export const readSettings = () => chrome.storage.local.get(null) as Promise<StoredSettings>;
export const saveSettings = (values: Partial<StoredSettings>) => chrome.storage.local.set(values);

/** Hosts the token may be sent to over plain http: only this computer. */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The address as the worker calls it: scheme and host (and port), nothing after; null when not one. The
 * token travels in every request, so only https, or http to a server on this computer.
 */
export function normaliseServer(input: string): string | null {
  try {
    const url = new URL(input.trim());
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname)))
      return null;
    return url.origin;
  } catch {
    return null;
  }
}
