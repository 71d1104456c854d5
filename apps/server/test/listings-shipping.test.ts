import type { ListingShippingTemplates } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { userIdOf } from './helpers/analysis';
import { alice, app, bob, call, create, database, setUpInventories } from './helpers/inventories';
import { dryRunThenPublish, listableInCanada, seedPricedProducts } from './helpers/listings';

// The shipping template an inventory's offers carry: chosen from the seller's own templates in the
// selling marketplace (the sandbox store has two in each), sent as merchant_shipping_group from the next
// publish; none chosen, Amazon's default (nothing sent).

setUpInventories();

const EXPRESS = 'sandbox-express-A2EUQ1WTGCTBG2';
let inventoryId: string;
let codes: string[];

const templates = (cookie: string, id = inventoryId) =>
  call('GET', `/api/inventories/${id}/listings/shipping-templates`, cookie);
const choose = (cookie: string, templateId: unknown, id = inventoryId) =>
  call('PUT', `/api/inventories/${id}/listings/shipping-template`, cookie, { template_id: templateId });
async function publish(code: string) {
  const view = await dryRunThenPublish(app, alice, inventoryId, [code]);
  const sku = view.listings.find((l) => l.product_id === code)!.sku;
  const rows = await database.db.execute<{ attributes: Record<string, unknown> }>(
    sql`select attributes from sandbox_listings where sku = ${sku}`,
  );
  return rows.rows[0]!.attributes;
}

beforeAll(async () => {
  inventoryId = (await create(alice)).id;
  codes = listableInCanada(2, 13000);
  const userId = await userIdOf(database.db, 'alice@example.com');
  await seedPricedProducts(
    database.db,
    inventoryId,
    userId,
    codes.map((code) => ({ code, std: 30, stock: 4 })),
  );
});

describe("an inventory's shipping template", () => {
  it("lists the seller's templates in the selling marketplace, none chosen; another user's inventory is 404", async () => {
    const res = await templates(alice);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ListingShippingTemplates>()).toEqual({
      templates: [
        { id: 'legacy-template-id-A2EUQ1WTGCTBG2', name: 'Migrated Template' },
        { id: EXPRESS, name: 'Express' },
      ],
      selected: null,
    });
    expect((await templates(bob)).statusCode).toBe(404);
    expect((await choose(bob, EXPRESS)).statusCode).toBe(404);
  });

  it("takes only one of the seller's templates: 400 names template_id", async () => {
    for (const bad of ['someone-elses-template', 42, '']) {
      const res = await choose(alice, bad);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.fields.map((f: { field: string }) => f.field)).toEqual(['template_id']);
    }
    expect((await templates(alice)).json<ListingShippingTemplates>().selected).toBeNull();
  });

  it('is sent with the offers once chosen, and not after going back to the default', async () => {
    expect(await publish(codes[0]!)).not.toHaveProperty('merchant_shipping_group');
    const chosen = await choose(alice, EXPRESS);
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json<ListingShippingTemplates>().selected).toBe(EXPRESS);
    expect((await publish(codes[1]!)).merchant_shipping_group).toEqual([
      { value: EXPRESS, marketplace_id: 'A2EUQ1WTGCTBG2' },
    ]);
    expect((await choose(alice, null)).json<ListingShippingTemplates>().selected).toBeNull();
    expect(await publish(codes[0]!)).not.toHaveProperty('merchant_shipping_group');
  });
});
