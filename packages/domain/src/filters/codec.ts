import { deflateSync, inflateSync, strFromU8, strToU8 } from 'fflate';
import { z } from 'zod';
import { FILTERS_BY_ID, type ActiveFilter } from './catalogue';
import { filterValueSchemas } from './values';

export const MAX_ENCODED_FILTERS_LENGTH = 10_000;
const VERSION = 1;

export type FilterCodecErrorCode =
  'too_long' | 'malformed' | 'unsupported_version' | 'unknown_filter' | 'invalid_value' | 'duplicate_filter';

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

const envelope = z
  .object({ v: z.number(), f: z.array(z.tuple([z.string(), z.unknown()])).max(200) })
  .strict();

/** Active filters → the compact, versioned, URL-safe string (JSON → deflate → base64url). */
export function encodeFilters(filters: readonly ActiveFilter[]): string {
  const json = JSON.stringify({ v: VERSION, f: filters.map((f) => [f.id, f.value]) });
  const encoded = toBase64Url(deflateSync(strToU8(json), { level: 9 }));
  if (encoded.length > MAX_ENCODED_FILTERS_LENGTH) throw tooLong();
  return encoded;
}

/** The string → validated active filters; anything malformed is refused with a FilterCodecError. */
export function decodeFilters(encoded: string): ActiveFilter[] {
  if (encoded.length > MAX_ENCODED_FILTERS_LENGTH) throw tooLong();
  if (encoded === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(strFromU8(inflateSync(fromBase64Url(encoded))));
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
  return shape.data.f.map(([id, value]) => {
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
}
