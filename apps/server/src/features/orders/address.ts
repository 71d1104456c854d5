import type { OrderState } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import type { CustomerAddress } from '../../providers/seller-orders';
import type { OrdersDeps } from './deps';
import type { OrderRecord } from './repo';
import { ordersTarget } from './target';

/** The states in which the seller needs the buyer's address: to hand it to the forwarder for the last leg. */
export const ADDRESS_STATES: readonly OrderState[] = ['bought', 'at_forwarder', 'shipped', 'problem'];

/** The additional data binding a sealed address to its user and order: a copied ciphertext opens nowhere else. */
const context = (userId: string, orderId: string) => `order-address:${userId}:${orderId}`;

export interface BuyerAddress {
  name: string | null;
  lines: string[];
  city: string | null;
  state: string | null;
  postal_code: string | null;
  country: string | null;
  phone: string | null;
}

const fromAmazon = (a: CustomerAddress): BuyerAddress => ({
  name: a.name ?? null,
  lines: [a.companyName, a.addressLine1, a.addressLine2, a.addressLine3].filter((l): l is string => !!l),
  city: a.city ?? null,
  state: a.stateOrRegion ?? null,
  postal_code: a.postalCode ?? null,
  country: a.countryCode ?? null,
  phone: a.phone ?? null,
});

/**
 * The buyer's address for its seller, only while the order needs it and before its erasure: read from
 * Amazon once (getOrder with RECIPIENT: Orders 2026 needs the Direct-to-Consumer Delivery role, no
 * Restricted Data Token), sealed under the token key (bound to user and order) and kept sealed until it is
 * erased. Never logged: nothing here passes it to the logger, and no job carries it. City and country are
 * kept in the clear as routing data for accounting (not on Amazon's PII list).
 */
export async function buyerAddress(deps: OrdersDeps, order: OrderRecord): Promise<BuyerAddress | null> {
  if (!ADDRESS_STATES.includes(order.state) || order.address_erased_at) return null;
  const kept = await deps.db.execute<{
    ciphertext: Buffer;
    iv: Buffer;
    auth_tag: Buffer;
    key_id: string;
  }>(sql`
    select ciphertext, iv, auth_tag, key_id from order_addresses
     where order_id = ${order.id}::uuid and user_id = ${order.user_id}`);
  const row = kept.rows[0];
  if (row) {
    const { token } = deps.box.open(
      { ciphertext: row.ciphertext, iv: row.iv, authTag: row.auth_tag, keyId: row.key_id },
      context(order.user_id, order.id),
    );
    return JSON.parse(token) as BuyerAddress;
  }
  const target = await ordersTarget(deps.orders, deps.accounts, order.user_id, order.region);
  if (!target) return null;
  const amazon = await deps.orders.getOrder(target, order.amazon_order_id, ['RECIPIENT']);
  const raw = amazon.recipient?.deliveryAddress;
  if (!raw) return null;
  const address = fromAmazon(raw);
  const sealed = deps.box.seal(JSON.stringify(address), context(order.user_id, order.id));
  await deps.db.execute(sql`
    insert into order_addresses (order_id, user_id, ciphertext, iv, auth_tag, key_id)
    values (${order.id}::uuid, ${order.user_id}, ${sealed.ciphertext}, ${sealed.iv}, ${sealed.authTag}, ${sealed.keyId})
    on conflict (order_id) do nothing`);
  await deps.db
    .execute(sql`update orders set dest_city = ${address.city}, dest_country = coalesce(${address.country}, dest_country)
                             where id = ${order.id}::uuid`);
  return address;
}

/**
 * The `orders-erase-addresses` job: buyers' addresses 30 days after shipment are deleted (the sealed row
 * goes; the order keeps its id, marketplace, city, country and amounts for accounting), and those of
 * cancelled orders at once.
 */
export async function eraseAddresses(deps: OrdersDeps, now: Date) {
  const erased = await deps.db.execute(sql`
    with due as (
      update orders set address_erased_at = ${now}
       where address_erased_at is null
         and ((address_erase_at is not null and address_erase_at <= ${now}) or state = 'cancelled')
      returning id)
    delete from order_addresses a using due where a.order_id = due.id`);
  return { erased: erased.rowCount ?? 0 };
}
