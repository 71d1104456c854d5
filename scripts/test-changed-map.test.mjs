import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { E2E_SPECS, e2eSpecsFor } from './test-changed-map.mjs';

const root = path.resolve(import.meta.dirname, '..');
const folders = (dir) =>
  fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);

describe('the map from changed files to end-to-end specs', () => {
  it('names every spec on disk, and only features that exist', () => {
    const specs = fs.readdirSync(path.join(root, 'e2e')).filter((f) => f.endsWith('.spec.ts'));
    expect(Object.keys(E2E_SPECS).sort()).toEqual(specs.sort());
    const features = new Set([...folders('apps/web/src/features'), ...folders('apps/server/src/features')]);
    for (const [spec, used] of Object.entries(E2E_SPECS)) {
      for (const f of used) expect(features.has(f), `${spec} names ${f}`).toBe(true);
    }
  });

  it("runs the specs of a changed feature, from the web's folder or the server's", () => {
    // The Listings section lives on the inventory page, and a watch fires on an inventory's update in the
    // report journey, a supplier list's rows and an order's listing come from an inventory: those run too.
    expect(e2eSpecsFor(['apps/web/src/features/inventories/components/inventory-form.tsx']).specs).toEqual([
      'e2e/inventories.spec.ts',
      'e2e/listings.spec.ts',
      'e2e/orders.spec.ts',
      'e2e/report-detail.spec.ts',
      'e2e/supplier-lists.spec.ts',
    ]);
    expect(e2eSpecsFor(['apps/server/src/features/restrictions/phase.ts']).specs).toEqual([
      'e2e/restrictions.spec.ts',
    ]);
  });

  it('runs a changed spec itself, and none for tests, docs or benchmarks alone', () => {
    expect(e2eSpecsFor(['e2e/tools.spec.ts', 'docs/decisions.md']).specs).toEqual(['e2e/tools.spec.ts']);
    const none = e2eSpecsFor(['apps/server/test/reports.test.ts', 'bench/load.bench.ts', 'README.md']);
    expect(none.specs).toEqual([]);
    expect(none.reason).toBe('no spec goes through the changed code');
  });

  it('runs every spec when shared code changes, and says which file made it so', () => {
    const all = e2eSpecsFor(['packages/domain/src/pricing/price.ts']);
    expect(all.specs).toHaveLength(Object.keys(E2E_SPECS).length);
    expect(all.reason).toContain('packages/domain/src/pricing/price.ts');
  });
});
