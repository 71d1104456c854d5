import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fieldError } from './errors';

/**
 * The deepest a JSON body may nest (arrays and objects). Our bodies nest a handful of levels; the body
 * limit alone allows half a million, and every walk after the parser (the NUL check, better-auth's own
 * parse, zod) would pay for them before any rate limit is counted.
 */
export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/**
 * Whether `text` opens more than `max` arrays or objects inside one another, read from the raw text in
 * one pass (brackets inside strings do not count). Text that is not JSON may be judged either way: the
 * parser refuses it anyway.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      // To the closing quote: an escaped character (\" among them) is skipped whole.
      for (i++; i < n; i++) {
        const s = text.charCodeAt(i);
        if (s === BACKSLASH) i++;
        else if (s === QUOTE) break;
      }
    } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > max) return true;
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
      depth--;
    }
  }
  return false;
}

/**
 * Requests whose JSON body cannot hold U+0000: JSON can carry it only escaped (`\u0000`; a raw one is
 * invalid JSON), so a text without that escape needs no walk (http/nul-bytes.ts skips it). A `\\u0000`
 * (an escaped backslash) also matches: then the walk runs, and finds nothing.
 */
const withoutNul = new WeakSet<FastifyRequest>();
export const jsonBodyWithoutNul = (request: FastifyRequest) => withoutNul.has(request);

/**
 * Replaces Fastify's JSON parser with the same parser (secure-json-parse, `__proto__` refused) behind a
 * depth check on the raw text, so a deep body is refused (400 naming `body`) before it is parsed at all
 * and before any hook walks it. Scopes that parse JSON their own way (the Stripe webhook) keep theirs.
 */
export function registerJsonBodyParser(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(fieldError('body', 'validation.tooDeep', { max: MAX_JSON_DEPTH }), undefined);
      return;
    }
    if (!text.includes('\\u0000')) withoutNul.add(request);
    parse(request, text, done);
  });
}
