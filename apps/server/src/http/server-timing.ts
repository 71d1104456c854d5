import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Where one call's time went, by part (milliseconds, summed when a part repeats). Handlers add to it
 * through {@link timingOf}; with SERVER_TIMING off every request gets {@link NO_TIMING}, which records
 * nothing, so the parts cost one function call each.
 */
export interface Timing {
  add(part: string, ms: number): void;
  /** Runs `work`, adding its duration to `part`. */
  time<T>(part: string, work: () => Promise<T>): Promise<T>;
  /** What kind of call this was (e.g. a filters call that scanned, or one served from the kept list). */
  kind(name: string): void;
  /** The handler has settled: what follows until the answer is sent is serialisation. */
  handled(): void;
}

class CallTiming implements Timing {
  readonly parts = new Map<string, number>();
  callKind: string | undefined;
  handledAt: number | undefined;
  constructor(readonly start: number) {}

  add(part: string, ms: number) {
    this.parts.set(part, (this.parts.get(part) ?? 0) + ms);
  }

  async time<T>(part: string, work: () => Promise<T>): Promise<T> {
    const t0 = performance.now();
    try {
      return await work();
    } finally {
      this.add(part, performance.now() - t0);
    }
  }

  kind(name: string) {
    this.callKind = name;
  }

  handled() {
    this.handledAt = performance.now();
  }
}

export const NO_TIMING: Timing = {
  add: () => {},
  time: (_part, work) => work(),
  kind: () => {},
  handled: () => {},
};

const timings = new WeakMap<FastifyRequest, CallTiming>();

/** The request's timing, or one that records nothing when SERVER_TIMING is off. */
export const timingOf = (request: FastifyRequest): Timing => timings.get(request) ?? NO_TIMING;

/**
 * With `enabled`, every answer carries `Server-Timing: <part>;dur=<ms>, …, total;dur=<ms>` and, when the
 * handler named it, `kind;desc=<kind>`. `serialise` is the time from the handler's end to the first
 * onSend hook, `compress` is added by http/sync-compression.ts. Register it before the compression hook:
 * its first onSend hook then runs before compression and its last one after.
 */
export function registerServerTiming(app: FastifyInstance, enabled: boolean) {
  if (!enabled) return { finish: () => {} };
  app.addHook('onRequest', async (request) => {
    timings.set(request, new CallTiming(performance.now()));
  });
  app.addHook('onSend', async (request) => {
    const timing = timings.get(request);
    if (timing?.handledAt !== undefined) timing.add('serialise', performance.now() - timing.handledAt);
  });
  return {
    /** Call after the other onSend hooks are registered: writes the header once they have run. */
    finish: () =>
      app.addHook('onSend', async (request, reply) => {
        const timing = timings.get(request);
        if (!timing) return;
        reply.header('server-timing', serverTimingHeader(timing, performance.now() - timing.start));
      }),
  };
}

function serverTimingHeader(timing: CallTiming, totalMs: number) {
  const parts = [...timing.parts].map(([part, ms]) => `${part};dur=${ms.toFixed(2)}`);
  parts.push(`total;dur=${totalMs.toFixed(2)}`);
  if (timing.callKind) parts.push(`kind;desc=${timing.callKind}`);
  return parts.join(', ');
}

/** A Server-Timing header read back: part → milliseconds, and the call's kind (for the benches). */
export function parseServerTiming(header: string | undefined) {
  const parts: Record<string, number> = {};
  let kind: string | undefined;
  for (const entry of (header ?? '').split(',')) {
    const [name = '', ...params] = entry.trim().split(';');
    for (const param of params) {
      const [key, value = ''] = param.split('=');
      if (key === 'dur') parts[name] = Number(value);
      if (key === 'desc' && name === 'kind') kind = value;
    }
  }
  return { parts, kind };
}
