import { JOB_NAMES, type SupportTicketInput } from '@crossmarket/domain';
import type { Db } from '../../db/client';
import { supportTickets } from '../../db/schema';
import { hit } from '../../http/rate-limit';
import { HttpError } from '../../http/errors';
import type { JobQueue } from '../../jobs/queue';
import type { Caller } from '../auth';
import { renderSupportTicketMail, renderTicketAcknowledgement } from '../mail';

/** Tickets a user may open in an hour (times RATE_LIMIT_SCALE). */
export const TICKETS_PER_HOUR = 5;

/**
 * Stores the ticket of the signed-in caller and queues two mails: the ticket to support, and the
 * acknowledgement to the caller's own address in their communication language.
 */
export async function createTicket(
  {
    db,
    queue,
    supportEmail,
    rateLimitScale,
  }: { db: Db; queue: JobQueue; supportEmail: string; rateLimitScale: number },
  caller: Caller,
  body: SupportTicketInput,
): Promise<string> {
  if ((await hit(db, `support-ticket:user:${caller.userId}`, 3600)) > TICKETS_PER_HOUR * rateLimitScale) {
    throw new HttpError(
      429,
      'rate_limited',
      `You can send ${TICKETS_PER_HOUR * rateLimitScale} tickets an hour. Please wait a while and try again.`,
      { retryAfterSeconds: 3600 },
    );
  }
  const [row] = await db
    .insert(supportTickets)
    .values({ userId: caller.userId, topic: body.topic, message: body.message })
    .returning({ id: supportTickets.id });
  const ticket = {
    id: row!.id,
    topic: body.topic,
    message: body.message,
    userId: caller.userId,
    email: caller.email,
    plan: caller.account.plan.code,
    lang: caller.account.profile.commLang === 'tr' ? ('tr' as const) : ('en' as const),
  };
  await queue.send(JOB_NAMES.sendMail, renderSupportTicketMail(supportEmail, ticket));
  await queue.send(JOB_NAMES.sendMail, renderTicketAcknowledgement(ticket));
  return ticket.id;
}
