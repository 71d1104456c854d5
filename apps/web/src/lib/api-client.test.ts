import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError } from './api-client';

function answer(body: string, init: ResponseInit) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body, init)),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('api', () => {
  it('turns a proxy’s HTML error page into a readable ApiError', async () => {
    answer('<html><body>502 Bad Gateway</body></html>', { status: 502, statusText: 'Bad Gateway' });
    const error = await api('/api/me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 502, code: 'http_error' });
    expect((error as ApiError).message).toBe(
      'The server could not be reached (502 Bad Gateway). Please try again.',
    );
  });

  it("reads the error's i18n key and its placeholders' values", async () => {
    answer(
      JSON.stringify({
        error: {
          code: 'filter_set_limit',
          message: 'Your plan allows 3 filter sets.',
          key: 'validation.filterSet.limitReached',
          params: { limit: 3 },
          limit: 3,
        },
      }),
      { status: 409 },
    );
    const error = (await api('/api/filter-sets', { body: {} }).catch((e: unknown) => e)) as ApiError;
    expect(error.key).toBe('validation.filterSet.limitReached');
    expect(error.params).toEqual({ limit: 3 });
    expect(error.details.limit).toBe(3);
  });

  it("reads better-auth's flat `{ code, message }` errors (/api/auth/*)", async () => {
    answer('{"code":"API_KEY_LIMIT_REACHED","message":"At most 10."}', { status: 409 });
    await expect(api('/api/auth/api-key/create', { body: {} })).rejects.toMatchObject({
      status: 409,
      code: 'API_KEY_LIMIT_REACHED',
      message: 'At most 10.',
    });
  });

  it('says so when a successful answer is not JSON', async () => {
    answer('{"cut', { status: 200 });
    await expect(api('/api/me')).rejects.toMatchObject({ code: 'bad_response' });
  });

  it('keeps the server’s error shape, fields included', async () => {
    answer(
      JSON.stringify({
        error: {
          code: 'validation_error',
          message: 'bad',
          fields: [{ field: 'name', key: 'k', message: 'm' }],
        },
      }),
      { status: 400 },
    );
    await expect(api('/api/x', { body: {} })).rejects.toMatchObject({
      status: 400,
      code: 'validation_error',
      fields: [{ field: 'name' }],
    });
  });
});
