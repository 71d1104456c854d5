import i18next from 'i18next';

export interface ApiFieldError {
  field: string;
  key: string;
  message: string;
  /** Values the message's placeholders take (`{{count}}`). */
  params?: Record<string, string | number>;
}

/** A failed call, in the server's `{ error: { code, message, key?, params?, fields? } }` shape. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: ApiFieldError[] = [],
    /** The error's other members (`key`, `params`, `remaining` of a quota refusal, `next_manual_at` of a 429). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The i18n key of the error's text, when the server sent one (see lib/error-message.ts). */
  get key(): string | undefined {
    return typeof this.details.key === 'string' ? this.details.key : undefined;
  }

  /** The values of the key's placeholders (`{{remaining}}`). */
  get params(): Record<string, string | number> {
    const params = this.details.params;
    return typeof params === 'object' && params !== null ? (params as Record<string, string | number>) : {};
  }
}

/** The JSON body of an answer; a failure as `ApiError` in the server's error shape. */
async function readResponse<T>(response: Response): Promise<T> {
  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    // Not our JSON: a proxy's HTML error page, a cut-off answer. Say what happened, not "Unexpected token".
    throw new ApiError(
      response.status,
      response.ok ? 'bad_response' : 'http_error',
      response.ok
        ? 'The server sent an answer that could not be read. Please try again.'
        : `The server could not be reached (${response.status} ${response.statusText}). Please try again.`,
    );
  }
  if (!response.ok) {
    // `{ error: { code, message } }`, the settings call's `{ error: true, code, message }`, or
    // better-auth's `{ code, message }` (/api/auth/*).
    const body = data as { error?: unknown; code?: unknown } | null;
    const flat = body?.error === true || (body?.error === undefined && typeof body?.code === 'string');
    const error = (flat ? body : (body?.error ?? {})) as {
      code?: string;
      message?: string;
      fields?: ApiFieldError[];
      [detail: string]: unknown;
    };
    const { code, message, fields, ...details } = error;
    delete details.error; // the settings call's flag
    throw new ApiError(
      response.status,
      code ?? 'http_error',
      message ?? response.statusText,
      fields,
      details,
    );
  }
  return data as T;
}

/** JSON over fetch with the session cookie; the interface language travels along for mails. */
export async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(path, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    credentials: 'same-origin',
    headers: {
      accept: 'application/json',
      'x-crossmarket-language': i18next.language ?? 'en',
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return readResponse<T>(response);
}

/**
 * A text file the server sends as an attachment: its text and the name its Content-Disposition gives
 * (null when none). Errors as `api`.
 */
export async function apiFile(path: string): Promise<{ name: string | null; text: string }> {
  const response = await fetch(path, {
    credentials: 'same-origin',
    headers: { accept: 'text/plain, application/json', 'x-crossmarket-language': i18next.language ?? 'en' },
  });
  if (!response.ok) return readResponse<never>(response);
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)?.[1];
  return { name: name ? decodeURIComponent(name) : null, text: await response.text() };
}

/** A multipart form (file uploads); the browser sets the boundary. Errors as `api`. */
export async function apiForm<T>(path: string, form: FormData): Promise<T> {
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { accept: 'application/json', 'x-crossmarket-language': i18next.language ?? 'en' },
    body: form,
  });
  return readResponse<T>(response);
}
