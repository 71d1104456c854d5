import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StripeCall {
  method: string;
  path: string;
  /** Form body (POST) or query string (GET), as Stripe's SDK encodes them: `items[0][price]=…`. */
  params: URLSearchParams;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

type Answer = { status?: number; body: unknown };
export type StripeRoute = (call: StripeCall) => Answer | unknown;

/**
 * A local HTTP server standing in for api.stripe.com (the SDK's host/port/protocol options point at it).
 * Each route answers with a Stripe-shaped object; every request is recorded for the test to check.
 */
export async function startStripeStandIn(routes: Record<string, StripeRoute>) {
  const calls: StripeCall[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const call: StripeCall = {
        method: req.method ?? 'GET',
        path: url.pathname,
        params: new URLSearchParams(req.method === 'GET' ? url.search : raw),
        idempotencyKey: req.headers['idempotency-key'] as string | undefined,
        authorization: req.headers.authorization,
      };
      calls.push(call);
      const route = routes[`${call.method} ${call.path}`];
      const answer = route
        ? (route(call) as Answer | Record<string, unknown>)
        : {
            status: 404,
            body: { error: { type: 'invalid_request_error', message: `No route ${call.path}` } },
          };
      const shaped: Answer = answer && 'body' in answer ? (answer as Answer) : { body: answer };
      res.writeHead(shaped.status ?? 200, { 'content-type': 'application/json', 'request-id': 'req_test' });
      res.end(JSON.stringify(shaped.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    routes,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
