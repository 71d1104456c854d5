import type { PricingRule } from './types';

export const MAX_PRICING_RULES = 31;
export const FIRST_RULE_RANGE = { start: 0, end: 10_000_000 } as const;

/** The permanent first rule: any cost, fixed rates. It always applies unless a later rule matches. */
export function defaultFirstRule(rates: Partial<PricingRule> = {}): PricingRule {
  return {
    rule_type: 'cost',
    threshold_start: FIRST_RULE_RANGE.start,
    threshold_end: FIRST_RULE_RANGE.end,
    rate_type: 'fixed',
    min_rate: 10,
    std_rate: 20,
    max_rate: 50,
    stock: 5,
    ...rates,
  };
}

const cost = (start: number, end: number, min: number, std: number, max: number, stock = 5): PricingRule => ({
  rule_type: 'cost',
  threshold_start: start,
  threshold_end: end,
  rate_type: 'fixed',
  min_rate: min,
  std_rate: std,
  max_rate: max,
  stock,
});

const LADDER_BREAKPOINTS = [0, 10, 20, 40, 60, 80, 100, 150, 200, 300, 500, 1000, 100000];
/** Profit rates per rung: cheap items need a higher margin to be worth the work. */
const LADDER_RATES: [number, number, number][] = [
  [40, 60, 150],
  [30, 45, 120],
  [25, 35, 100],
  [20, 30, 90],
  [18, 26, 80],
  [16, 24, 70],
  [14, 20, 60],
  [12, 18, 50],
  [10, 15, 45],
  [9, 13, 40],
  [8, 12, 35],
  [7, 10, 30],
];

function costLadder(): PricingRule[] {
  const rungs = LADDER_RATES.map(([min, std, max], i) =>
    cost(LADDER_BREAKPOINTS[i]!, LADDER_BREAKPOINTS[i + 1]!, min, std, max),
  );
  return [defaultFirstRule({ min_rate: 10, std_rate: 15, max_rate: 50 }), ...rungs];
}

function recommended(): PricingRule[] {
  const ppr: PricingRule[] = [];
  for (let start = 0; start < 100; start += 5) {
    ppr.push({
      rule_type: 'ppr',
      threshold_start: start,
      threshold_end: start + 5,
      rate_type: 'fixed',
      min_rate: Math.max(12, start - 5),
      std_rate: Math.max(14, start),
      max_rate: Math.max(50, start + 20),
      stock: 10,
    });
  }
  return [
    defaultFirstRule({ min_rate: 12, std_rate: 14, max_rate: 50, stock: 10 }),
    ...ppr,
    {
      rule_type: 'ppr',
      threshold_start: 100,
      threshold_end: 10_000_000,
      rate_type: 'prorated_ppr',
      min_rate: 80,
      std_rate: 100,
      max_rate: 50,
      stock: 10,
    },
  ];
}

/** The preloaded rule sets of the settings form (the specification's §9). */
export const PRESET_RULE_SETS = {
  cost_ladder: costLadder(),
  recommended: recommended(),
} as const;
