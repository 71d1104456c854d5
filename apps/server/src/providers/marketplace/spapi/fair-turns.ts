/**
 * Callers of one bucket, served one at a time and taking turns per tenant: a tenant's own callers in the
 * order they came, tenants round robin. A tenant that arrives while another has a long queue waits at most
 * one of the other's turns, so a seller with one small report is not held behind every call of a big one
 * (docs/decisions.md, "Users take turns on a shared authorisation").
 */
export class FairTurns {
  private readonly waiting = new Map<string, (() => void)[]>();
  /** Tenants with callers waiting, the next to be served first. */
  private readonly ring: string[] = [];
  private busy = false;
  /** The tenant whose turn it is. */
  private serving: string | undefined;

  run<T>(tenant: string, work: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        work()
          .then(resolve, reject)
          .finally(() => {
            // Back in line only now: a tenant that arrived during this turn goes first.
            this.serving = undefined;
            if (this.waiting.has(tenant) && !this.ring.includes(tenant)) this.ring.push(tenant);
            this.busy = false;
            this.next();
          });
      };
      let queue = this.waiting.get(tenant);
      if (!queue) {
        queue = [];
        this.waiting.set(tenant, queue);
      }
      // A tenant being served rejoins the line when its turn ends (above).
      if (!this.ring.includes(tenant) && this.serving !== tenant) this.ring.push(tenant);
      queue.push(start);
      if (!this.busy) this.next();
    });
  }

  private next() {
    const tenant = this.ring.shift();
    if (tenant === undefined) return;
    const queue = this.waiting.get(tenant)!;
    const start = queue.shift()!;
    if (queue.length === 0) this.waiting.delete(tenant);
    this.busy = true;
    this.serving = tenant;
    start();
  }
}
