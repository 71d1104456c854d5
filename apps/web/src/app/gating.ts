import type { Me } from '../features/account/api/use-me';

export type GateDecision = { kind: 'page' } | { kind: 'redirect'; to: string } | { kind: 'lockout' };

/** Pages that stay usable once the subscription has lapsed (the specification's lockout exceptions). */
const OPEN_WHEN_LOCKED = ['/welcome', '/settings', '/suspended', '/support', '/logout'];
const startsWithAny = (path: string, prefixes: string[]) =>
  prefixes.some((p) => path === p || path.startsWith(`${p}/`) || path.startsWith(`${p}?`));

/**
 * The six gating rules of analysis §4, in order, for a signed-in area path. `me` is null when no one is
 * signed in. The API enforces the same rules; this decides where the browser goes.
 */
export function decideGate(me: Me | null, path: string): GateDecision {
  if (!me) return path.startsWith('/login') ? { kind: 'page' } : { kind: 'redirect', to: '/login' };
  const data = me.user_data;
  if (path === '/logout') return { kind: 'page' };
  if (!data.is_active) return { kind: 'redirect', to: '/logout' };
  // The suspended page links to support, which stays open to a suspended user.
  if (data.suspended)
    return path === '/suspended' || startsWithAny(path, ['/support'])
      ? { kind: 'page' }
      : { kind: 'redirect', to: '/suspended' };
  if (path === '/suspended') return { kind: 'redirect', to: '/' };
  // The console needs neither the seller's wizard nor a plan (issue 46); the server's operator guard
  // ignores both too. An operator who has not onboarded lands on the console, not the wizard.
  const operator = data.role === 'operator';
  if (operator && startsWithAny(path, ['/admin'])) return { kind: 'page' };
  if (!data.welcome_done) {
    // The activation link lands on /welcome: an operator goes on to the console (issue 59).
    if (path === '/welcome') return operator ? { kind: 'redirect', to: '/admin' } : { kind: 'page' };
    return { kind: 'redirect', to: operator ? '/admin' : '/welcome' };
  }
  if (path === '/welcome') return { kind: 'redirect', to: '/' };
  if (me.access.locked_out && !startsWithAny(path, OPEN_WHEN_LOCKED)) return { kind: 'lockout' };
  return { kind: 'page' };
}
