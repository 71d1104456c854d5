import { APP_TIMEZONE, JOB_NAMES, JOB_SCHEDULES, type RegionCode } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Allowance } from '../../providers/marketplace/types';

/** Every inventory is queued once a day (`scheduleInventoryUpdates`): the plan's period. */
export const PLAN_PERIOD_SECONDS = 86_400;
/**
 * How much of the allowance the plan fills: the rest is room for items asked again, for products
 * a light check sends to a full lookup, and for "Update now".
 */
export const PLAN_UTILISATION = 0.9;
/**
 * The least age a side's full lookup (its lowest offers, sellers and catalogue facts) may reach before
 * an update looks it up in full again, when the allowance has room for more.
 */
export const FULL_LOOKUP_MIN_AGE_DAYS = 7;
/** The share of a run's full lookups the plan counts on for renewing old ones (the rest is fallbacks). */
export const FULL_ROTATION_SHARE = 0.5;
/** How long the server reuses one count of every inventory's products (one scan, not one per request). */
const DEMAND_TTL_MS = 60_000;

/**
 * How many products the inventories of one pair of countries hold, over every user, and how many of them
 * the seller lists in the selling country (their selling side's last full lookup found their own offer).
 */
export type Demand = {
  from: RegionCode;
  to: RegionCode;
  products: number;
  listed?: number;
};

/** The listed products of `inventory_products p` (`Demand.listed`), as SQL. */
export const LISTED_COUNT = sql`(count(*) filter (where (p.snapshot -> 'row_to' ->> 'listed_by_seller') = 'true'))::int`;

export interface RunPlan {
  /** The share of an inventory's products one run refreshes: 1 while the allowance suffices. */
  fraction: number;
  /** Products light-checked this run, stalest first. */
  perRun: number;
  /** Products that may also get a full lookup this run. */
  fullPerRun: number;
  /** The run's length at the planned pace (light checks; full lookups run beside them). */
  runSeconds: number;
  /**
   * The oldest a product's full lookup may be: every product gets one again within this many days, from
   * the rotation's share of the full budget. Older ones are looked up first; should the budget still
   * not reach them, their lowest offers are shown with their date.
   */
  fullMaxAgeDays: number;
  /** Days between two visits of one product (runs of `perRun` products each). */
  visitDays: number;
  /** Full lookups this run may spend renewing old ones (the rotation's share of `fullPerRun`). */
  renewPerRun: number;
}

/**
 * Days until every product has had a full lookup again. Renewals come from the rotation's share of each
 * run's budget, `R` runs for every product; and a product is only seen every `k` runs (`perRun` of them
 * a run), so it can be renewed only at one of its visits: the age is `R` rounded up to whole visits, at
 * least a week. A side is due at a visit when the next visit would find it past that age.
 */
function fullMaxAge(products: number, perRun: number, fullPerRun: number, periodSeconds: number) {
  const runs = (n: number) => (n * periodSeconds) / PLAN_PERIOD_SECONDS;
  const visit = Math.ceil(products / perRun);
  const renewAll = Math.ceil(products / Math.max(1, Math.floor(fullPerRun * FULL_ROTATION_SHARE)));
  return {
    fullMaxAgeDays: Math.max(FULL_LOOKUP_MIN_AGE_DAYS, Math.ceil(runs(Math.ceil(renewAll / visit) * visit))),
    visitDays: runs(visit),
  };
}

/** The operations a product's sides take: light checks by listing or by summary, and full lookups. */
type Operation = 'listed' | 'summary' | 'full';

/**
 * What one pair's products ask of each seller authorisation and operation (`account|operation` → sides),
 * the lane each side really takes (light-checks.ts): the selling side of a listed product is checked with
 * getCompetitivePricing, every other side with getCompetitiveSummary; a full lookup serves both sides.
 */
function askedOf(allowance: Allowance, d: Demand): Map<string, number> {
  const asked = new Map<string, number>();
  const add = (region: RegionCode, op: Operation, n: number) => {
    if (n <= 0) return;
    const key = `${allowance.account(region)}|${op}`;
    asked.set(key, (asked.get(key) ?? 0) + n);
  };
  const listed = Math.min(d.products, d.listed ?? 0);
  for (const region of [d.to, d.from]) {
    // The buying side is shipped abroad, where the seller does not list it; at home it may be listed.
    const home = region === d.to;
    add(region, 'listed', home ? listed : 0);
    add(region, 'summary', home ? d.products - listed : d.products);
    add(region, 'full', d.products);
  }
  return asked;
}

const perSecondOf = (allowance: Allowance, key: string) => {
  const op = key.slice(key.lastIndexOf('|') + 1) as Operation;
  return op === 'listed'
    ? allowance.listedPerSecond
    : op === 'summary'
      ? allowance.summaryPerSecond
      : allowance.fullPerSecond;
};

/**
 * One run of one inventory within the allowance. Every inventory drawing on a seller authorisation gets
 * the same fraction of its products refreshed per period: for each light-check operation the inventory
 * uses, the authorisation's capacity for the period divided by what every inventory on it asks of that
 * operation (the sides that take it), at most 1; the smallest of those. A product not reached keeps its
 * values and its time, so it is among the stalest, and first, next run.
 */
export function planRun(
  inventory: Demand,
  demand: Demand[],
  allowance: Allowance | undefined,
  periodSeconds = PLAN_PERIOD_SECONDS,
): RunPlan {
  const { products } = inventory;
  if (!allowance || products === 0)
    return {
      fraction: 1,
      perRun: products,
      fullPerRun: products,
      runSeconds: 0,
      fullMaxAgeDays: FULL_LOOKUP_MIN_AGE_DAYS,
      visitDays: periodSeconds / PLAN_PERIOD_SECONDS,
      renewPerRun: products,
    };
  const asked = new Map<string, number>();
  for (const d of demand)
    for (const [key, n] of askedOf(allowance, d)) asked.set(key, (asked.get(key) ?? 0) + n);
  const mine = [...askedOf(allowance, inventory)];
  const fractionOf = (light: boolean) =>
    Math.min(
      1,
      ...mine
        .filter(([key]) => key.endsWith('|full') !== light)
        .map(([key, n]) => {
          // The inventory itself is asking even if the cached count does not hold it yet.
          const total = Math.max(asked.get(key) ?? 0, n);
          return (perSecondOf(allowance, key) * periodSeconds * PLAN_UTILISATION) / total;
        }),
    );
  const fraction = fractionOf(true);
  const perRun = Math.max(1, Math.floor(products * fraction));
  const fullPerRun = Math.max(1, Math.floor(products * fractionOf(false)));
  // The run lasts as long as its slowest light operation on its busiest authorisation takes.
  const runSeconds = Math.max(
    0,
    ...mine
      .filter(([key]) => !key.endsWith('|full'))
      .map(([key, n]) => (perRun * (n / products)) / perSecondOf(allowance, key)),
  );
  return {
    fraction,
    perRun,
    fullPerRun,
    runSeconds,
    ...fullMaxAge(products, perRun, fullPerRun, periodSeconds),
    renewPerRun: Math.max(1, Math.floor(fullPerRun * FULL_ROTATION_SHARE)),
  };
}

const demandCache = new WeakMap<Db, { at: number; value: Promise<Demand[]> }>();

/** Every inventory's products by pair of countries; counted at most once a minute per process. */
export function loadDemand(db: Db, now = Date.now()): Promise<Demand[]> {
  const cached = demandCache.get(db);
  if (cached && now - cached.at < DEMAND_TTL_MS) return cached.value;
  const value = db
    .execute<Demand>(
      sql`select i.from_country as "from", i.to_country as "to", count(*)::int as products,
                 ${LISTED_COUNT} as listed
            from inventory_products p join inventories i on i.id = p.inventory_id
           group by i.from_country, i.to_country`,
    )
    .then((r) => r.rows);
  value.catch(() => demandCache.delete(db));
  demandCache.set(db, { at: now, value });
  return value;
}

/** The next time the daily schedule (`M H * * *` in the app's timezone) queues every inventory. */
export function nextScheduledRun(
  now: Date,
  cron = JOB_SCHEDULES[JOB_NAMES.scheduleInventoryUpdates]!,
  timeZone = APP_TIMEZONE,
): Date {
  const [minute, hour] = cron.split(' ').map(Number) as [number, number];
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
      .formatToParts(now)
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
  const local = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  const offset = local - Math.floor(now.getTime() / 1000) * 1000;
  let at = Date.UTC(parts.year, parts.month - 1, parts.day, hour, minute) - offset;
  if (at <= now.getTime()) at += 86_400_000;
  return new Date(at);
}

/**
 * When every product of the inventory will have been refreshed once more: the runs it takes at the
 * planned fraction, the first being the running or queued one (else the next scheduled), one a period
 * apart, the last ending after the planned run length. Null without products.
 */
export function refreshEta(
  state: { products: number; status: string; startedAt: Date | null },
  plan: RunPlan,
  now: Date,
  periodSeconds = PLAN_PERIOD_SECONDS,
): Date | null {
  if (state.products === 0) return null;
  const runs = Math.ceil(state.products / plan.perRun);
  const start =
    state.status === 'running' && state.startedAt
      ? state.startedAt.getTime()
      : state.status === 'queued'
        ? now.getTime()
        : nextScheduledRun(now).getTime();
  return new Date(start + ((runs - 1) * periodSeconds + plan.runSeconds) * 1000);
}
