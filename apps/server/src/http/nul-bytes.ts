import type { FastifyInstance } from 'fastify';
import { fieldError } from './errors';
import { jsonBodyWithoutNul } from './json-body';

const NUL = '\u0000';

/** A key as it is named in the answer: the NUL shown, not sent raw. */
const shown = (key: string) => key.replaceAll(NUL, '\\u0000');

/** A value still to look at: where it was met (its key and its container's step), for the path. */
interface Step {
  value: unknown;
  key: string | number;
  parent: Step | null;
}

/** `a.0.b`: the keys from the top down. Built only for the step where a NUL was found. */
function pathOf(step: Step): string {
  const keys: (string | number)[] = [];
  for (let at: Step | null = step; at?.parent; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
}

/**
 * The path of the first string (or object key) holding U+0000 in a parsed body, query or parameter set,
 * `null` when there is none. Walked with a list, not recursion (a deep value must not overflow the
 * stack), and each step points at its container instead of copying the path: the walk's cost is the
 * value's size, whatever its depth; the path is built only when a NUL is found.
 */
export function nulPath(value: unknown): string | null {
  const pending: Step[] = [{ value, key: '', parent: null }];
  while (pending.length > 0) {
    const step = pending.pop()!;
    const next = step.value;
    if (typeof next === 'string') {
      if (next.includes(NUL)) return pathOf(step) || 'body';
    } else if (Array.isArray(next)) {
      for (let i = 0; i < next.length; i++) pending.push({ value: next[i], key: i, parent: step });
    } else if (next !== null && typeof next === 'object' && !Buffer.isBuffer(next)) {
      for (const [key, item] of Object.entries(next)) {
        if (key.includes(NUL)) return pathOf({ value: item, key: shown(key), parent: step });
        pending.push({ value: item, key, parent: step });
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
    // A JSON text without the escape holds no NUL: the walk would find none (json-body.ts).
    if (!jsonBodyWithoutNul(request)) refuseNul(request.body);
  });
}
