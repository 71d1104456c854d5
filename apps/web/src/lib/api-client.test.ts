import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n, { changeLanguage } from '../i18n';
import { api, ApiError, errorMessage } from './api-client';

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

describe('errorMessage', () => {
  it("translates the error's own key in the current language, else keeps the server's text", async () => {
    await changeLanguage('tr');
    try {
      answer(
        JSON.stringify({
          error: {
            code: 'settings_busy',
            message: 'Your settings are still being saved.',
            key: 'apiErrors.settingsBusy',
          },
        }),
        { status: 429 },
      );
      const busy = await api('/v1/settings', { body: {} }).catch((e: unknown) => e);
      expect(errorMessage(busy)).toBe(i18n.t('apiErrors.settingsBusy'));
      expect(errorMessage(busy)).not.toBe('Your settings are still being saved.');
      answer(
        JSON.stringify({ error: { code: 'odd', message: 'Something odd.', key: 'apiErrors.noSuchKey' } }),
        {
          status: 400,
        },
      );
      expect(errorMessage(await api('/x').catch((e: unknown) => e))).toBe('Something odd.');
    } finally {
      await changeLanguage('en');
    }
  });
});
