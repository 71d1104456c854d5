import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { supportTicketMessages, supportTickets } from '../../db/schema';
import { apiError, notFound } from '../../http/errors';
import { count } from '../../http/rate-limit';
import type { Caller } from '../auth';

type Ticket = typeof supportTickets.$inferSelect;
type Reply = typeof supportTicketMessages.$inferSelect;

/** The replies of these tickets, oldest first, by ticket. */
export async function repliesOf(db: Db, ticketIds: string[]): Promise<Map<string, Reply[]>> {
  const byTicket = new Map<string, Reply[]>(ticketIds.map((id) => [id, []]));
  if (ticketIds.length === 0) return byTicket;
  const rows = await db
    .select()
    .from(supportTicketMessages)
    .where(inArray(supportTicketMessages.ticketId, ticketIds))
    .orderBy(asc(supportTicketMessages.createdAt), asc(supportTicketMessages.id));
  for (const row of rows) byTicket.get(row.ticketId)!.push(row);
  return byTicket;
}

const threadView = (ticket: Ticket, replies: Reply[]) => ({
  id: ticket.id,
  topic: ticket.topic,
  status: ticket.status,
  created_at: ticket.createdAt,
  message: ticket.message,
  // Who answered stays with support: the seller reads "Crossmarket support".
  replies: replies.map((r) => ({ author: r.author, message: r.message, created_at: r.createdAt })),
});

/** "My tickets": the caller's tickets, newest first, with their threads. */
export async function myTickets(db: Db, userId: string) {
  const tickets = await db
    .select()
    .from(supportTickets)
    .where(eq(supportTickets.userId, userId))
    .orderBy(desc(supportTickets.createdAt))
    .limit(50);
  const replies = await repliesOf(
    db,
    tickets.map((t) => t.id),
  );
  return tickets.map((t) => threadView(t, replies.get(t.id)!));
}

/** Replies a seller may send in an hour, over all their tickets and on one ticket (times RATE_LIMIT_SCALE). */
export const REPLIES_PER_HOUR = 20;
export const REPLIES_PER_TICKET_PER_HOUR = 10;

/**
 * The seller answers back: the reply joins the thread and the ticket is open again, closed or not. Each
 * reply is stored and reopens the ticket for support, so a loop of them is capped per hour, per seller and
 * per ticket (the ticket counted only once it is known to be theirs).
 */
export async function answerBack(
  db: Db,
  caller: Caller,
  ticketId: string,
  message: string,
  rateLimitScale = 1,
) {
  const [own] = await db
    .select({ id: supportTickets.id })
    .from(supportTickets)
    .where(and(eq(supportTickets.id, ticketId), eq(supportTickets.userId, caller.userId)));
  if (!own) throw notFound('This ticket was not found.');
  const perUser = await count(db, `support-reply:user:${caller.userId}`, 3600);
  const perTicket = await count(db, `support-reply:ticket:${ticketId}`, 3600);
  const over = [
    perUser.count > REPLIES_PER_HOUR * rateLimitScale && perUser,
    perTicket.count > REPLIES_PER_TICKET_PER_HOUR * rateLimitScale && perTicket,
  ].find(Boolean);
  if (over)
    throw apiError(429, 'rate_limited', 'apiErrors.tooMany', { retryAfterSeconds: over.retryAfterSeconds });
  return db.transaction(async (tx) => {
    const [ticket] = await tx
      .update(supportTickets)
      .set({ status: 'open' })
      .where(and(eq(supportTickets.id, ticketId), eq(supportTickets.userId, caller.userId)))
      .returning();
    if (!ticket) throw notFound('This ticket was not found.');
    await tx
      .insert(supportTicketMessages)
      .values({ ticketId, author: 'seller', authorEmail: caller.email, message });
    const replies = await repliesOf(tx as unknown as Db, [ticketId]);
    return threadView(ticket, replies.get(ticketId)!);
  });
}
