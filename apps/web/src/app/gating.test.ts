import { describe, expect, it } from 'vitest';
import type { Me } from '../features/account/api/use-me';
import { decideGate } from './gating';

const me = (data: Partial<Me['user_data']> = {}, access: Partial<Me['access']> = {}): Me =>
  ({
    user: { id: 'u', email: 'a@example.com', email_verified: true, created_at: '' },
    profile: {},
    user_data: { is_active: true, suspended: false, welcome_done: true, ...data },
    usage: { r_count: 0, ip_count: 0 },
    access: { paid_active: true, locked_out: false, ...access },
  }) as unknown as Me;

describe('decideGate: the six rules in order', () => {
  it('1/6. nobody signed in: to login, except on login itself', () => {
    expect(decideGate(null, '/reports')).toEqual({ kind: 'redirect', to: '/login' });
    expect(decideGate(null, '/login/logoutOK')).toEqual({ kind: 'page' });
  });

  it('2. an inactive account goes to logout', () => {
    expect(decideGate(me({ is_active: false }), '/')).toEqual({ kind: 'redirect', to: '/logout' });
    expect(decideGate(me({ is_active: false }), '/logout')).toEqual({ kind: 'page' });
  });

  it('3. a suspended account goes to the suspended page, which sends others home', () => {
    expect(decideGate(me({ suspended: true }), '/settings/profile')).toEqual({
      kind: 'redirect',
      to: '/suspended',
    });
    expect(decideGate(me({ suspended: true }), '/suspended')).toEqual({ kind: 'page' });
    expect(decideGate(me({ suspended: true }), '/support')).toEqual({ kind: 'page' });
    expect(decideGate(me({ suspended: true }), '/support/guide/filters')).toEqual({ kind: 'page' });
    expect(decideGate(me({ suspended: true }), '/supporters')).toEqual({
      kind: 'redirect',
      to: '/suspended',
    });
    expect(decideGate(me(), '/suspended')).toEqual({ kind: 'redirect', to: '/' });
  });

  it('an operator reaches the console right after verifying: no wizard, no plan (issue 46)', () => {
    const fresh = me({ role: 'operator', welcome_done: false }, { paid_active: false, locked_out: true });
    expect(decideGate(fresh, '/admin')).toEqual({ kind: 'page' });
    expect(decideGate(fresh, '/admin/users/u')).toEqual({ kind: 'page' });
    expect(decideGate(fresh, '/')).toEqual({ kind: 'redirect', to: '/admin' });
    // The activation link's /welcome, too (issue 59).
    expect(decideGate(fresh, '/welcome')).toEqual({ kind: 'redirect', to: '/admin' });
    // A seller is still sent through the wizard, and a suspended operator is still suspended.
    expect(decideGate(me({ role: 'seller', welcome_done: false }), '/admin')).toEqual({
      kind: 'redirect',
      to: '/welcome',
    });
    expect(decideGate(me({ role: 'operator', suspended: true }), '/admin')).toEqual({
      kind: 'redirect',
      to: '/suspended',
    });
  });

  it('4. onboarding first; the wizard sends onboarded users home', () => {
    expect(decideGate(me({ welcome_done: false }), '/')).toEqual({ kind: 'redirect', to: '/welcome' });
    expect(decideGate(me({ welcome_done: false }), '/welcome')).toEqual({ kind: 'page' });
    expect(decideGate(me(), '/welcome')).toEqual({ kind: 'redirect', to: '/' });
  });

  it('5. locked out: only welcome, settings, suspended and support stay', () => {
    const locked = me({}, { locked_out: true });
    expect(decideGate(locked, '/reports')).toEqual({ kind: 'lockout' });
    expect(decideGate(locked, '/')).toEqual({ kind: 'lockout' });
    expect(decideGate(locked, '/settings/billing')).toEqual({ kind: 'page' });
    expect(decideGate(locked, '/support')).toEqual({ kind: 'page' });
    expect(decideGate(locked, '/support/guide/getting-started')).toEqual({ kind: 'page' });
    expect(decideGate(locked, '/supporters')).toEqual({ kind: 'lockout' });
  });

  it('lets an active, onboarded, paid user through', () => {
    expect(decideGate(me(), '/reports/abc')).toEqual({ kind: 'page' });
  });

  it('applies suspension before onboarding and lockout', () => {
    expect(decideGate(me({ suspended: true, welcome_done: false }, { locked_out: true }), '/')).toEqual({
      kind: 'redirect',
      to: '/suspended',
    });
  });
});
