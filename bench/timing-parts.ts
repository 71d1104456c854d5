// Where the server says an analysis call's time went (its Server-Timing header, SERVER_TIMING=true),
// gathered per kind of call and printed as medians and 95th percentiles: the limiter's queues (`queue`
// per user, `lane` for the one scan a seller may run), the guard and the session rate count, the scan
// (waiting for a scan-pool connection included), reading a kept page, building the JSON, serialising and
// compressing, and the total the server saw.
import { parseServerTiming } from '../apps/server/src/http/server-timing';

const PARTS = [
  'queue',
  'lane',
  'guard',
  'rate',
  'scan',
  'sort',
  'match',
  'read',
  'build',
  'serialise',
  'compress',
  'total',
];

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
};

export class TimingParts {
  private readonly kinds = new Map<string, Map<string, number[]>>();

  /** Adds one answer's header; calls that named no kind are gathered under `fallback`. */
  add(header: string | string[] | undefined, fallback = 'other') {
    const { parts, kind = fallback } = parseServerTiming(Array.isArray(header) ? header.join(',') : header);
    if (!('total' in parts)) return;
    let byPart = this.kinds.get(kind);
    if (!byPart) this.kinds.set(kind, (byPart = new Map()));
    for (const part of PARTS) {
      let xs = byPart.get(part);
      if (!xs) byPart.set(part, (xs = []));
      xs.push(parts[part] ?? 0);
    }
  }

  /** `BENCH <prefix>.<kind>.<part> p50 / p95 ms (n calls)` for each kind, parts that took any time. */
  print(prefix: string) {
    for (const [kind, byPart] of [...this.kinds].sort(([a], [b]) => a.localeCompare(b))) {
      const n = byPart.get('total')!.length;
      const shown = PARTS.filter((part) => byPart.get(part)!.some((ms) => ms >= 0.05));
      const cells = shown.map((part) => {
        const xs = byPart.get(part)!;
        return `${part} ${percentile(xs, 50).toFixed(1)}/${percentile(xs, 95).toFixed(1)}`;
      });
      console.log(`BENCH ${prefix}.${kind} ${n} calls, ms p50/p95: ${cells.join(', ')}`);
    }
  }
}
