import { ApiError } from './api-client';

/** The `t` of react-i18next (or i18next's `getFixedT`), as far as this file uses it. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface ErrorMessageOptions {
  /**
   * Values the screen says better than the server, over the error's own: a time relative to now, a
   * number in the reader's format (the server's values are written for an English reader).
   */
  params?: Record<string, string | number>;
  /**
   * The screen's own text for an error without a key of its own. It then stands in for the field texts
   * and the server's English message too: such a screen shows the fields' texts on its fields.
   */
  fallback?: string;
}

/**
 * What to tell the user about a failed call, in their language: the error's key with its values (a quota's
 * `remaining`, a limit), else the first field's key, else the server's message (English), else a generic
 * text (a network failure, a bug). A key this language (or English) lacks counts as no key.
 */
export function errorMessage(error: unknown, t: Translate, options: ErrorMessageOptions = {}): string {
  // An empty default makes a missing key answer '' rather than the key itself.
  const say = (key: string | undefined, params: Record<string, unknown> | undefined) =>
    key ? t(key, { ...params, defaultValue: '' }) : '';
  if (error instanceof ApiError) {
    const own = say(error.key, { ...error.params, ...options.params });
    if (own) return own;
    if (options.fallback !== undefined) return options.fallback;
    const field = error.fields[0];
    const fieldText = say(field?.key, field?.params);
    if (fieldText) return fieldText;
    if (error.message) return error.message;
  }
  return options.fallback ?? t('errors.generic');
}
