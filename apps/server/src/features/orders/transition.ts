import { canMoveOrder, type OrderActor, type OrderReason, type OrderState } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

export interface Move {
  to: OrderState;
  actor: OrderActor;
  /** The seller who made it (a session's or API token's user). */
  actorUserId?: string | null;
  reason?: OrderReason | null;
  note?: string | null;
}

/**
 * Moves an order from `from` to `move.to` if the state machine allows it and the order is still in `from`
 * (a concurrent move wins once), keeping the transition with who made it and when, in one statement.
 * Answers whether it moved.
 */
export async function moveOrder(
  db: Db,
  orderId: string,
  from: OrderState | null,
  move: Move,
): Promise<boolean> {
  if (from !== null && !canMoveOrder(from, move.to)) return false;
  const moved = await db.execute<{ user_id: string }>(sql`
    with moved as (
      update orders set state = ${move.to}, reason = ${move.reason ?? null}, updated_at = now()
       where id = ${orderId}::uuid and state is not distinct from ${from}
      returning id, user_id)
    insert into order_transitions (order_id, user_id, from_state, to_state, actor, actor_user_id, reason, note)
    select id, user_id, ${from}, ${move.to}, ${move.actor}, ${move.actorUserId ?? null}, ${move.reason ?? null},
           ${move.note ?? null}
      from moved
    returning user_id`);
  return moved.rows.length > 0;
}

/** The first transition of an order just taken in (no earlier state). */
export async function recordArrival(
  db: Db,
  orderId: string,
  userId: string,
  state: OrderState,
  reason: OrderReason | null = null,
) {
  await db.execute(sql`insert into order_transitions (order_id, user_id, from_state, to_state, actor, reason)
                       values (${orderId}::uuid, ${userId}, null, ${state}, 'amazon', ${reason})`);
}
