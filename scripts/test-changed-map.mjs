// Which end-to-end specs a change touches, for `npm run test:changed`. A spec is chosen by the features its
// journeys go through (web and server feature folders share names where they meet); a change to code every
// page uses (the app shell, the domain, the server's core, the e2e harness) chooses them all, since any
// journey may break. test-changed-map.test.mjs keeps the table honest against the folders on disk.

/** Spec file → the web and server feature folders its journeys go through. */
export const E2E_SPECS = {
  'a11y.spec.ts': ['account', 'admin', 'home', 'legal', 'reports', 'settings', 'suspended', 'welcome'],
  'accounts.spec.ts': ['account', 'auth', 'settings', 'welcome'],
  'admin.spec.ts': ['admin'],
  'amazon-connect.spec.ts': ['amazon', 'settings'],
  'api-docs.spec.ts': [],
  'billing.spec.ts': ['billing', 'plans', 'welcome'],
  'extension.spec.ts': ['history', 'lookup', 'settings'],
  'filter-sets.spec.ts': ['filter-editor', 'filter-sets'],
  'first-hour.spec.ts': [
    'account',
    'admin',
    'auth',
    'billing',
    'lanes',
    'mail',
    'report-detail',
    'reports',
    'welcome',
  ],
  'first-view.spec.ts': ['analysis', 'pricing-settings', 'report-detail'],
  'inventories.spec.ts': ['history', 'inventories', 'pricing-settings'],
  'lanes.spec.ts': ['analysis', 'lanes', 'report-detail', 'settings'],
  'listings.spec.ts': ['inventories', 'listings'],
  'money.spec.ts': ['finances', 'money', 'orders'],
  'motion.spec.ts': ['filter-editor', 'report-detail'],
  'orders.spec.ts': ['inventories', 'lanes', 'listings', 'orders'],
  'report-detail.spec.ts': [
    'analysis',
    'fees',
    'history',
    'inventories',
    'pricing-settings',
    'rates',
    'report-detail',
    'watches',
  ],
  'report-filters.spec.ts': ['analysis', 'filter-editor', 'report-detail'],
  'reports.spec.ts': ['reports'],
  'restrictions.spec.ts': ['restrictions', 'report-detail'],
  'shell.spec.ts': ['home', 'legal'],
  'supplier-lists.spec.ts': ['inventories', 'report-detail', 'reports', 'suppliers'],
  'support.spec.ts': ['support'],
  'tools.spec.ts': ['tools'],
};

/** Paths outside the feature folders that only some specs depend on. */
const PATH_SPECS = [
  [/^apps\/extension\//, ['extension.spec.ts']],
  [/^apps\/server\/src\/http\/openapi/, ['api-docs.spec.ts']],
];

/** Changes that leave every journey as it was: tests of other layers, docs, benchmarks. */
const IRRELEVANT = [
  /\.test\.(ts|tsx|js|mjs)$/,
  /^apps\/server\/test\//,
  /^apps\/web\/src\/test\//,
  /^apps\/extension\/test\//,
  /^bench\//,
  /^docs\//,
  /^tools\//,
  /^scripts\/test[-.]/,
  /\.md$/,
];

const FEATURE = /^apps\/(?:web|server)\/src\/features\/([^/]+)\//;

/** The specs to run for these changed paths, and one line saying why. */
export function e2eSpecsFor(changedPaths) {
  const specs = new Set();
  const everything = [];
  for (const file of changedPaths) {
    if (IRRELEVANT.some((re) => re.test(file))) continue;
    if (/^e2e\/[^/]+\.spec\.ts$/.test(file)) {
      specs.add(file.slice('e2e/'.length));
      continue;
    }
    const feature = file.match(FEATURE)?.[1];
    if (feature) {
      for (const [spec, features] of Object.entries(E2E_SPECS)) {
        if (features.includes(feature)) specs.add(spec);
      }
      continue;
    }
    const byPath = PATH_SPECS.find(([re]) => re.test(file));
    if (byPath) {
      byPath[1].forEach((s) => specs.add(s));
      continue;
    }
    everything.push(file);
  }
  if (everything.length > 0) {
    return {
      specs: Object.keys(E2E_SPECS).map((s) => `e2e/${s}`),
      reason: `every spec: ${everything.slice(0, 3).join(', ')}${everything.length > 3 ? ' …' : ''} is shared code`,
    };
  }
  const list = [...specs].sort();
  return {
    specs: list.map((s) => `e2e/${s}`),
    reason: list.length > 0 ? list.join(', ') : 'no spec goes through the changed code',
  };
}
