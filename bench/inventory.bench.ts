// The daily inventory update with the sandbox provider: a 10,000-product inventory looked up again on
// both sides, re-priced with its settings and written back in batches, as `update-inventory` runs it.
// Target ≥ 2,000 products/s, like the report pipeline. Then the light-check plan's promised against
// measured refresh age per side (inventory-light-plan.ts).
import { defaultReportSettings } from '@crossmarket/domain';
import { eq, sql } from 'drizzle-orm';
import { inventories } from '../apps/server/src/db/schema';
import { updateInventory } from '../apps/server/src/features/inventories/update-inventory';
import { createSandboxMarketplace } from '../apps/server/src/providers/marketplace/sandbox';
import { benchDatabase, benchIds } from './bench-db';
import { benchLightPlan } from './inventory-light-plan';

const PRODUCTS = Number(process.env.BENCH_INVENTORY_PRODUCTS ?? 10_000);
const db = await benchDatabase();
try {
  const [inventory] = await db.db
    .insert(inventories)
    .values({
      userId: db.userId,
      title: 'Bench',
      fromCountry: 'us',
      toCountry: 'ca',
      settings: defaultReportSettings(1.35),
      updateStatus: 'queued',
      updateQueuedAt: new Date(),
    })
    .returning({ id: inventories.id });
  const id = inventory!.id;
  await db.db.execute(sql`
    insert into inventory_products (inventory_id, user_id, code)
    select ${id}::uuid, ${db.userId}, code from unnest(${sql.param(benchIds(PRODUCTS, 'I'))}::text[]) as code`);
  const t0 = performance.now();
  const outcome = await updateInventory(
    {
      db: db.db,
      marketplace: createSandboxMarketplace(),
      logger: db.logger,
      leaseSeconds: 60,
      owner: 'bench',
    },
    id,
  );
  const seconds = (performance.now() - t0) / 1000;
  if (outcome !== 'done') throw new Error(`update ended ${outcome}`);
  const [row] = await db.db
    .execute<{ n: number }>(sql`select updated_count as n from inventories where id = ${id}::uuid`)
    .then((r) => r.rows);
  if (Number(row!.n) !== PRODUCTS) throw new Error(`updated ${row!.n} of ${PRODUCTS}`);
  const throughput = PRODUCTS / seconds;
  console.log(`BENCH inventory.update_${PRODUCTS} ${seconds.toFixed(2)} s`);
  console.log(`BENCH inventory.update ${throughput.toFixed(0)} products/s`);
  console.log(`BENCH inventory.update_ratio_to_target ${(throughput / 2000).toFixed(2)} x`);
  // Its 10,000 products would share the light plan's authorisation: gone first.
  await db.db.delete(inventories).where(eq(inventories.id, id));
  await benchLightPlan(db.db, db.userId, db.logger);
} finally {
  await db.close();
}
