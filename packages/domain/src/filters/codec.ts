import { deflateSync, inflateSync, strFromU8, strToU8 } from 'fflate';
import { z } from 'zod';
import { FILTERS, FILTERS_BY_ID, type ActiveFilter } from './catalogue';
import { filterTermCount, MAX_FILTER_TERMS } from './terms';
import { filterValueSchemas } from './values';

export const MAX_ENCODED_FILTERS_LENGTH = 10_000;
/**
 * The most bytes a filter string may inflate to. Deflate packs up to about a thousand bytes into one, so
 * without this a 10,000-character string could inflate to megabytes before any check ran; real filters
 * (product IDs, keywords, brands) compress two to four times, well inside it.
 */
export const MAX_INFLATED_FILTERS_BYTES = 64 * 1024;
const VERSION = 1;

export type FilterCodecErrorCode =
  | 'too_long'
  | 'too_many_terms'
  | 'malformed'
  | 'unsupported_version'
  | 'unknown_filter'
  | 'invalid_value'
  | 'duplicate_filter';

/** Why a filter string was refused; `messageKey` is the i18n key of what the user sees. */
export class FilterCodecError extends Error {
  constructor(
    readonly code: FilterCodecErrorCode,
    readonly messageKey: string,
    readonly detail?: string,
  ) {
    super(detail ? `${code}: ${detail}` : code);
    this.name = 'FilterCodecError';
  }
}

const tooLong = () => new FilterCodecError('too_long', 'validation.filters.tooLong');

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text))
    throw new FilterCodecError('malformed', 'validation.filters.malformed', 'not base64url');
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((text.length + 3) % 4);
  const binary = atob(b64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

// Each catalogue filter at most once (a repeated one is refused below).
const envelope = z
  .object({ v: z.number(), f: z.array(z.tuple([z.string(), z.unknown()])).max(FILTERS.length) })
  .strict();

// Inflated into one buffer one byte larger than the limit: output that fills it is over the limit.
// fflate drops what does not fit in a caller's buffer (a stored block that does not fit throws a
// RangeError), so an oversized string costs this buffer and the work of reading it, never more memory.
let inflateBuffer: Uint8Array | undefined;

function inflateCapped(bytes: Uint8Array): string {
  const out = (inflateBuffer ??= new Uint8Array(MAX_INFLATED_FILTERS_BYTES + 1));
  let inflated: Uint8Array;
  try {
    inflated = inflateSync(bytes, { out });
  } catch (error) {
    if (error instanceof RangeError) throw tooLarge();
    throw error;
  }
  if (inflated.length > MAX_INFLATED_FILTERS_BYTES) throw tooLarge();
  // strFromU8 copies the bytes out, so the buffer is free for the next call.
  return strFromU8(inflated);
}

const tooLarge = () =>
  new FilterCodecError(
    'too_long',
    'validation.filters.tooLong',
    `inflates past ${MAX_INFLATED_FILTERS_BYTES} bytes`,
  );

/** Active filters → the compact, versioned, URL-safe string (JSON → deflate → base64url). */
export function encodeFilters(filters: readonly ActiveFilter[]): string {
  refuseTooManyTerms(filters);
  const json = strToU8(JSON.stringify({ v: VERSION, f: filters.map((f) => [f.id, f.value]) }));
  if (json.length > MAX_INFLATED_FILTERS_BYTES) throw tooLong();
  const encoded = toBase64Url(deflateSync(json, { level: 9 }));
  if (encoded.length > MAX_ENCODED_FILTERS_LENGTH) throw tooLong();
  return encoded;
}

/** The string → validated active filters; anything malformed is refused with a FilterCodecError. */
export function decodeFilters(encoded: string): ActiveFilter[] {
  if (encoded.length > MAX_ENCODED_FILTERS_LENGTH) throw tooLong();
  if (encoded === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(inflateCapped(fromBase64Url(encoded)));
  } catch (error) {
    if (error instanceof FilterCodecError) throw error;
    throw new FilterCodecError('malformed', 'validation.filters.malformed', 'cannot inflate or parse');
  }
  const shape = envelope.safeParse(parsed);
  if (!shape.success)
    throw new FilterCodecError('malformed', 'validation.filters.malformed', 'unexpected shape');
  if (shape.data.v !== VERSION) {
    throw new FilterCodecError(
      'unsupported_version',
      'validation.filters.malformed',
      `version ${shape.data.v}`,
    );
  }
  const seen = new Set<string>();
  const filters = shape.data.f.map(([id, value]) => {
    const def = FILTERS_BY_ID.get(id);
    if (!def) throw new FilterCodecError('unknown_filter', 'validation.filters.malformed', id);
    if (seen.has(id)) throw new FilterCodecError('duplicate_filter', 'validation.filters.malformed', id);
    seen.add(id);
    const checked = filterValueSchemas[def.kind].safeParse(value);
    if (!checked.success) {
      throw new FilterCodecError(
        'invalid_value',
        'validation.filters.malformed',
        `${id}: ${checked.error.issues[0]?.message}`,
      );
    }
    return { id, value: checked.data };
  });
  refuseTooManyTerms(filters);
  return filters;
}

/** Filters that would compile to more than {@link MAX_FILTER_TERMS} conditions are refused. */
function refuseTooManyTerms(filters: readonly ActiveFilter[]) {
  const terms = filterTermCount(filters);
  if (terms > MAX_FILTER_TERMS) {
    throw new FilterCodecError('too_many_terms', 'validation.filters.tooManyTerms', `${terms} conditions`);
  }
}
