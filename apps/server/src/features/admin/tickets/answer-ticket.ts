import { JOB_NAMES } from '@crossmarket/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { supportTicketMessages, supportTickets } from '../../../db/schema';
import type { JobQueue } from '../../../jobs/queue';
import type { Caller } from '../../auth';
import { renderTicketReply } from '../../mail';
import { recordAudit } from '../audit';
import type { findTicket } from './ticket-thread';

type Found = NonNullable<Awaited<ReturnType<typeof findTicket>>>;

/**
 * An operator's reply: stored in the thread, the ticket marked answered, one audit row (the reason is
 * the reply itself, cut short), all in one transaction; then mailed to the seller in their language.
 */
export async function replyToTicket(
  { db, queue, appUrl }: { db: Db; queue: JobQueue; appUrl: string },
  actor: Caller,
  found: Found,
  message: string,
) {
  const { ticket } = found;
  const auditId = await db.transaction(async (tx) => {
    await tx
      .insert(supportTicketMessages)
      .values({ ticketId: ticket.id, author: 'operator', authorEmail: actor.email, message });
    await tx.update(supportTickets).set({ status: 'answered' }).where(eq(supportTickets.id, ticket.id));
    return recordAudit(tx, actor, {
      action: 'ticket.reply',
      target: { id: ticket.userId, email: found.email },
      reason: message.slice(0, 200),
      result: 'ok',
      details: { ticket_id: ticket.id },
    });
  });
  const url = new URL('/support', appUrl).toString();
  await queue.send(JOB_NAMES.sendMail, renderTicketReply(found.lang, found.email, ticket.id, message, url));
  return auditId;
}

/** Closes the ticket (the seller's next answer reopens it). */
export async function closeTicket(db: Db, actor: Caller, found: Found, reason: string) {
  return db.transaction(async (tx) => {
    await tx.update(supportTickets).set({ status: 'closed' }).where(eq(supportTickets.id, found.ticket.id));
    return recordAudit(tx, actor, {
      action: 'ticket.close',
      target: { id: found.ticket.userId, email: found.email },
      reason,
      result: 'ok',
      details: { ticket_id: found.ticket.id, was: found.ticket.status },
    });
  });
}
