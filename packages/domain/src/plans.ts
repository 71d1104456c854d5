/**
 * Plan tiers. The specification fixes the daily report quotas; prices, send limits and inventory quotas
 * are ours (DESIGN §5) and are seeded into the `plans` table from this list.
 */
export const PLAN_CODES = ['F', 'S', 'M', 'L', 'XL', '2XL', '3XL'] as const;
export type PlanCode = (typeof PLAN_CODES)[number];

export interface Plan {
  code: PlanCode;
  name: string;
  visible: boolean;
  sortOrder: number;
  monthlyPriceCents: number;
  dailyReportQuota: number;
  inventoryQuota: number;
  sendLimit: number;
  /** Products (watches) a seller may watch at once (issue 49): a tenth of the daily report quota. */
  watchLimit: number;
  bestSeller: boolean;
  /** i18n keys of the feature list shown on plan cards; every plan has the same features. */
  points: string[];
}

const POINTS = [
  'plans.points.dailyQuota',
  'plans.points.filters',
  'plans.points.priceStockUpdates',
  'plans.points.pricingModule',
  'plans.points.bannedContents',
  'plans.points.allDataOpen',
  'plans.points.extension',
  'plans.points.manualExport',
];

const plan = (
  code: PlanCode,
  name: string,
  sortOrder: number,
  monthlyPriceCents: number,
  dailyReportQuota: number,
  sendLimit: number,
  inventoryQuota: number,
): Plan => ({
  code,
  name,
  visible: code !== 'F',
  sortOrder,
  monthlyPriceCents,
  dailyReportQuota,
  inventoryQuota,
  sendLimit,
  watchLimit: dailyReportQuota / 10,
  bestSeller: code === 'L',
  points: code === 'F' ? [] : POINTS,
});

export const PLANS: readonly Plan[] = [
  plan('F', 'Free', 0, 0, 0, 0, 0),
  plan('S', 'Small', 1, 2900, 1000, 1000, 5000),
  plan('M', 'Medium', 2, 4900, 2500, 2500, 10000),
  plan('L', 'Large', 3, 7900, 5000, 5000, 25000),
  plan('XL', 'X-Large', 4, 13900, 10000, 10000, 50000),
  plan('2XL', '2X-Large', 5, 29900, 25000, 10000, 100000),
  plan('3XL', '3X-Large', 6, 49900, 50000, 10000, 200000),
];

export const LOCKOUT_GRACE_MS = 6 * 60 * 60 * 1000;

export function planByCode(code: string): Plan | undefined {
  return PLANS.find((p) => p.code === code);
}

/** A user_data row as the server (camelCase) or the API (snake_case, plan object) spells it. */
export interface PlanHolder {
  planCode?: string;
  plan_code?: string;
  plan?: { code: string } | null;
  subscriptionEnd?: Date | string | null;
  subscription_end?: Date | string | null;
}

/** Paid-active: a plan other than F whose subscription ends in the future. */
export function isPaidActive(userData: PlanHolder, now: Date = new Date()): boolean {
  const code = userData.planCode ?? userData.plan_code ?? userData.plan?.code ?? 'F';
  const end = userData.subscriptionEnd ?? userData.subscription_end ?? null;
  if (code === 'F' || !end) return false;
  return new Date(end).getTime() > now.getTime();
}

/** Locked out from six hours after subscription_end (the specification's grace period). */
export function isLockedOut(subscriptionEnd: Date | string | null, now: Date = new Date()): boolean {
  if (!subscriptionEnd) return true;
  return now.getTime() >= new Date(subscriptionEnd).getTime() + LOCKOUT_GRACE_MS;
}
