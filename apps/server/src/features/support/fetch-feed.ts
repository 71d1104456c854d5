/** Why a feed could not be read; logged, never shown to the user (the section says "unavailable"). */
export class FeedError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'FeedError';
  }
}

/** The most a feed answer may weigh: ten WordPress posts' titles and links, or a channel's feed, are far less. */
const MAX_BYTES = 2 * 1024 * 1024;

/**
 * GET `url` and read its body as text within `timeoutMs` (the body included) and `MAX_BYTES`; anything
 * else — a refused connection, a timeout, a non-2xx status, an oversized body — is a `FeedError`.
 */
export async function fetchFeed(url: URL, accept: string, timeoutMs: number): Promise<string> {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const res = await fetch(url, { signal, headers: { accept }, redirect: 'follow' });
    if (!res.ok) {
      await res.body?.cancel();
      throw new FeedError(`${url.origin} answered ${res.status}`);
    }
    if (!res.body) return '';
    const reader = res.body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_BYTES) {
        await reader.cancel();
        throw new FeedError(`${url.origin} sent more than ${MAX_BYTES} bytes`);
      }
      chunks.push(value);
    }
    return Buffer.concat(chunks).toString('utf8');
  } catch (error) {
    if (error instanceof FeedError) throw error;
    const reason = signal.aborted ? `no answer within ${timeoutMs} ms` : String(error);
    throw new FeedError(`${url.origin}: ${reason}`, { cause: error });
  }
}

/** How long a good answer is kept, and how long a failure is remembered before the site is asked again. */
export const FRESH_MS = 15 * 60_000;
export const RETRY_AFTER_FAILURE_MS = 60_000;

interface Entry<T> {
  /** The last good value, if any: served again while the site fails. */
  value: T | undefined;
  expiresAt: number;
  pending?: Promise<T | undefined>;
}

/**
 * An in-process cache of feed answers per key: a good answer is served for `FRESH_MS`; concurrent misses
 * share one request; when a refresh fails the last good answer is kept (or, without one, `undefined`
 * means unavailable), and the site is not asked again for `RETRY_AFTER_FAILURE_MS`.
 */
export function createFeedCache<T>(onError: (key: string, error: unknown) => void, now = Date.now) {
  const entries = new Map<string, Entry<T>>();
  return async (key: string, load: () => Promise<T>): Promise<T | undefined> => {
    const entry = entries.get(key);
    if (entry && (entry.expiresAt > now() || entry.pending)) return entry.pending ?? entry.value;
    const current: Entry<T> = entry ?? { value: undefined, expiresAt: 0 };
    current.pending = load().then(
      (value) => {
        Object.assign(current, { value, expiresAt: now() + FRESH_MS, pending: undefined });
        return value;
      },
      (error: unknown) => {
        onError(key, error);
        Object.assign(current, { expiresAt: now() + RETRY_AFTER_FAILURE_MS, pending: undefined });
        return current.value;
      },
    );
    entries.set(key, current);
    return current.pending;
  };
}
