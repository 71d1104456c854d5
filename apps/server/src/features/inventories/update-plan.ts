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
/** How long the server reuses one count of every inventory's products (one scan, not one per request). */
const DEMAND_TTL_MS = 60_000;

/** How many products the inventories of one pair of countries hold, over every user. */
export type Demand = {
  from: RegionCode;
  to: RegionCode;
  products: number;
};

export interface RunPlan {
  /** The share of an inventory's products one run refreshes: 1 while the allowance suffices. */
  fraction: number;
  /** Products light-checked this run, stalest first. */
  perRun: number;
  /** Products that may also get a full lookup this run. */
  fullPerRun: number;
  /** The run's length at the planned pace (light checks; full lookups run beside them). */
  runSeconds: number;
}

/** Lookups one product costs on each seller authorisation: two when both countries draw on the same one. */
function sidesOn(allowance: Allowance, from: RegionCode, to: RegionCode): Map<string, number> {
  const sides = new Map<string, number>();
  for (const region of [from, to]) {
    const account = allowance.account(region);
    sides.set(account, (sides.get(account) ?? 0) + 1);
  }
  return sides;
}

/**
 * One run of one inventory within the allowance. Every inventory drawing on a seller authorisation gets
 * the same fraction of its products refreshed per period: the authorisation's capacity for the period
 * divided by what every inventory on it asks for (products × lookups per product), at most 1. A product
 * not reached keeps its values and its time, so it is among the stalest, and first, next run.
 */
export function planRun(
  inventory: { from: RegionCode; to: RegionCode; products: number },
  demand: Demand[],
  allowance: Allowance | undefined,
  periodSeconds = PLAN_PERIOD_SECONDS,
): RunPlan {
  const { products } = inventory;
  if (!allowance || products === 0)
    return { fraction: 1, perRun: products, fullPerRun: products, runSeconds: 0 };
  const asked = new Map<string, number>();
  for (const d of demand)
    for (const [account, n] of sidesOn(allowance, d.from, d.to))
      asked.set(account, (asked.get(account) ?? 0) + d.products * n);
  const mine = sidesOn(allowance, inventory.from, inventory.to);
  const fractionOf = (perSecond: number) =>
    Math.min(
      1,
      ...[...mine].map(([account, n]) => {
        // The inventory itself is asking even if the cached count does not hold it yet.
        const total = Math.max(asked.get(account) ?? 0, products * n);
        return (perSecond * periodSeconds * PLAN_UTILISATION) / total;
      }),
    );
  const fraction = fractionOf(allowance.lightPerSecond);
  const perRun = Math.max(1, Math.floor(products * fraction));
  const fullPerRun = Math.max(1, Math.floor(products * fractionOf(allowance.fullPerSecond)));
  const busiest = Math.max(...mine.values());
  return { fraction, perRun, fullPerRun, runSeconds: (perRun * busiest) / allowance.lightPerSecond };
}

const demandCache = new WeakMap<Db, { at: number; value: Promise<Demand[]> }>();

/** Every inventory's products by pair of countries; counted at most once a minute per process. */
export function loadDemand(db: Db, now = Date.now()): Promise<Demand[]> {
  const cached = demandCache.get(db);
  if (cached && now - cached.at < DEMAND_TTL_MS) return cached.value;
  const value = db
    .execute<Demand>(
      sql`select i.from_country as "from", i.to_country as "to", count(*)::int as products
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
