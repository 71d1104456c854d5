import type { ListingShippingTemplates } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { LookupAccounts } from '../../providers/marketplace/types';
import type { SellerStore } from '../../providers/seller-store';
import { ownedInventory } from './repo';
import { storeTarget } from './store-target';

export type TemplateDeps = { db: Db; store: SellerStore; accounts?: LookupAccounts };

/**
 * The seller's shipping templates in the inventory's selling marketplace, asked of their own store (Amazon
 * lists only the templates of the seller it is asked for), and the inventory's choice.
 */
export async function shippingTemplates(
  deps: TemplateDeps,
  userId: string,
  inventoryId: string,
): Promise<ListingShippingTemplates | 'missing' | 'not-connected'> {
  const inventory = await ownedInventory(deps.db, userId, inventoryId);
  if (!inventory) return 'missing';
  const target = await storeTarget(deps.store, deps.accounts, userId, inventory.to_country);
  if (!target) return 'not-connected';
  const templates = await deps.store.shippingTemplates(target);
  return { templates, selected: inventory.shipping_template };
}

/**
 * Sets the template the inventory's offers carry from the next publish on; null goes back to Amazon's
 * default. Only one of the seller's own templates is taken (Amazon refuses another with 90244).
 */
export async function chooseShippingTemplate(
  deps: TemplateDeps,
  userId: string,
  inventoryId: string,
  templateId: string | null,
): Promise<ListingShippingTemplates | 'missing' | 'not-connected' | 'unknown'> {
  const found = await shippingTemplates(deps, userId, inventoryId);
  if (typeof found === 'string') return found;
  if (templateId !== null && !found.templates.some((t) => t.id === templateId)) return 'unknown';
  await deps.db.execute(sql`update inventories set listing_shipping_template = ${templateId}
    where id = ${inventoryId}::uuid and user_id = ${userId}`);
  return { ...found, selected: templateId };
}
