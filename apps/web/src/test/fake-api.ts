import { vi } from 'vitest';

type Handler = (url: string, init?: RequestInit) => { status?: number; body: unknown } | undefined;

/** Replaces fetch with answers from `handler`; anything unhandled is a 404 in the API's error shape. */
export function fakeApi(handler: Handler) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    const answer = handler(url, init) ?? {
      status: 404,
      body: { error: { code: 'not_found', message: url } },
    };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export const signedOut = (url: string) =>
  url.startsWith('/api/me')
    ? { status: 401, body: { error: { code: 'unauthenticated', message: 'Please sign in.' } } }
    : undefined;

export function meFixture(overrides: { welcome_done?: boolean; first_name?: string } = {}) {
  return {
    user: { id: 'u1', email: 'ayse@example.com', email_verified: true, created_at: '2026-11-01T00:00:00Z' },
    profile: {
      first_name: overrides.first_name ?? 'Ayşe',
      comm_lang: 'en',
      autopay: true,
      phone_number: '5551234567',
    },
    user_data: {
      is_active: true,
      suspended: false,
      role: 'seller',
      welcome_done: overrides.welcome_done ?? true,
      subscription_end: '2099-01-01T00:00:00Z',
      plan: {
        code: 'L',
        name: 'Large',
        daily_report_quota: 5000,
        inventory_quota: 25000,
        send_limit: 5000,
        monthly_price: 7900,
      },
    },
    usage: { r_count: 1200, ip_count: 0 },
    access: { paid_active: true, locked_out: false },
  };
}
