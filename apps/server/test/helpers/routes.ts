import type { App } from '../../src/app';

/** Every route Fastify holds, read from its route tree (`printRoutes`), as [method, path] pairs. */
export function registeredRoutes(app: App): [string, string][] {
  const routes: [string, string][] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]+)\))?$/.exec(line.replace(/\u00a0/g, ' '));
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + match[2]!;
    stack.push(path);
    for (const method of (match[3] ?? '').split(',').map((m) => m.trim())) {
      if (method && method !== 'HEAD') routes.push([method, path]);
    }
  }
  return routes;
}

export const concrete = (path: string) =>
  path
    .replace(':id', '00000000-0000-4000-8000-000000000000')
    .replace(':productId', 'B000000001')
    .replace(':invoiceId', 'in_0000');
