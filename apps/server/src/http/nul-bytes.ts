import type { FastifyInstance } from 'fastify';
import { fieldError } from './errors';

const NUL = '\u0000';

/** A key as it is named in the answer: the NUL shown, not sent raw. */
const shown = (key: string) => key.replaceAll(NUL, '\\u0000');

/**
 * The path of the first string (or object key) holding U+0000 in a parsed body, query or parameter set,
 * `null` when there is none. Walked with a list, not recursion: a deeply nested body must not overflow
 * the stack (the body limit allows hundreds of thousands of levels).
 */
export function nulPath(value: unknown): string | null {
  const pending: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  while (pending.length > 0) {
    const { value: next, path } = pending.pop()!;
    if (typeof next === 'string') {
      if (next.includes(NUL)) return path.join('.') || 'body';
    } else if (Array.isArray(next)) {
      next.forEach((item, i) => pending.push({ value: item, path: [...path, String(i)] }));
    } else if (next !== null && typeof next === 'object' && !Buffer.isBuffer(next)) {
      for (const [key, item] of Object.entries(next)) {
        if (key.includes(NUL)) return [...path, shown(key)].join('.');
        pending.push({ value: item, path: [...path, key] });
      }
    }
  }
  return null;
}

/** 400 naming the field when `value` holds U+0000 anywhere (a multipart form, checked in its handler). */
export function refuseNul(value: unknown) {
  const field = nulPath(value);
  if (field !== null) throw fieldError(field, 'validation.nulCharacter');
}

/**
 * PostgreSQL cannot store U+0000 in text, and the error it raises escaped as a 500 (from better-auth's
 * sign-in, among others). Every route's parsed query, parameters and body are checked before validation
 * and before any handler, better-auth's included: 400 naming the field.
 */
export function registerNulRefusal(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    refuseNul(request.params);
    refuseNul(request.query);
    refuseNul(request.body);
  });
}
