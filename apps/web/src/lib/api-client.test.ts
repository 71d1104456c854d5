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
