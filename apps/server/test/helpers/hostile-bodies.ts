/**
 * The app's body limit for JSON (app.ts), better-auth's routes' (features/auth/routes.ts), /v1/exports'
 * (the largest /v1 one), the report route's.
 */
export const JSON_BODY_LIMIT = 1024 * 1024;
export { AUTH_BODY_LIMIT } from '../../src/features/auth/routes';
export const V1_EXPORTS_BODY_LIMIT = 2 * 1024 * 1024;
export const REPORTS_BODY_LIMIT = 4 * 1024 * 1024;

/** One level's opening and closing text, and what sits at the bottom. */
const SHAPES = {
  arrays: { open: '[', close: ']', bottom: '' },
  objects: { open: '{"a":', close: '}', bottom: '1' },
  mixed: { open: '[{"a":', close: '}]', bottom: '1' },
} as const;

/**
 * The deepest valid JSON of a shape that fits in `limit` bytes: nested arrays, objects, or both in turn
 * (issue 57's hostile bodies, for hostile-depth.test.ts and bench/hardening.bench.ts).
 */
export function deepestJson(shape: keyof typeof SHAPES, limit: number): string {
  const { open, close, bottom } = SHAPES[shape];
  const levels = Math.floor((limit - bottom.length) / (open.length + close.length));
  return open.repeat(levels) + bottom + close.repeat(levels);
}
