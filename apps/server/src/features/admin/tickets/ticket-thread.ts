import type { AdminTicketInput } from '@crossmarket/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { supportTickets, user, userProfiles } from '../../../db/schema';
import { repliesOf } from '../../support';

/** The ticket, its seller (and their mail language) and every reply with who wrote it. */
export async function findTicket(db: Db, ticketId: string) {
  const [row] = await db
    .select({ ticket: supportTickets, email: user.email, lang: userProfiles.commLang })
    .from(supportTickets)
    .innerJoin(user, eq(user.id, supportTickets.userId))
    .leftJoin(userProfiles, eq(userProfiles.userId, supportTickets.userId))
    .where(eq(supportTickets.id, ticketId))
    .limit(1);
  return row && { ...row, lang: row.lang === 'tr' ? ('tr' as const) : ('en' as const) };
}

export async function ticketThread(db: Db, ticketId: string): Promise<AdminTicketInput | undefined> {
  const found = await findTicket(db, ticketId);
  if (!found) return undefined;
  const { ticket, email } = found;
  const replies = (await repliesOf(db, [ticketId])).get(ticketId)!;
  return {
    id: ticket.id,
    topic: ticket.topic,
    status: ticket.status,
    created_at: ticket.createdAt,
    message: ticket.message,
    user_id: ticket.userId,
    email,
    replies: replies.map((r) => ({
      author: r.author,
      author_email: r.authorEmail,
      message: r.message,
      created_at: r.createdAt,
    })),
  };
}
