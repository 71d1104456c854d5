import { apiErrorSchema } from '@crossmarket/domain';

/** The error statuses routes answer in the `{ error: { code, message } }` shape (see errors.ts). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 429 | 503;

/**
 * The `response` entries for the errors a route answers, all in the shared shape: `{ 200: …, ...errors(400) }`.
 * The serializer applies them too, so an error's details stay (the schema keeps undeclared members).
 */
export function errors<S extends ErrorStatus>(...statuses: S[]): { [K in S]: typeof apiErrorSchema } {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as {
    [K in S]: typeof apiErrorSchema;
  };
}

/**
 * A guarded route's errors: 401 without a session (or with an unknown token), 403 for an inactive,
 * suspended or locked-out account, a foreign Origin or a token where only the session may call; plus
 * what the route itself refuses.
 */
export const guardedErrors = <S extends ErrorStatus>(...more: S[]) =>
  errors<401 | 403 | S>(401, 403, ...more);
