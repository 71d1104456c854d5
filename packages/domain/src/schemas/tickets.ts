import { z } from 'zod';
import { timestampSchema } from './api-responses';
import { requiredString } from './common';
import { SUPPORT_MESSAGE_MAX, SUPPORT_TOPICS } from './support';

// A support ticket's thread: the seller's "My tickets" and the operator console's tickets.

export const TICKET_STATUSES = ['open', 'answered', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** A reply on a ticket, by the seller (reopens it) or an operator (mailed to the seller). */
export const ticketReplySchema = z.object({
  message: requiredString('validation.support.message').pipe(
    z.string().max(SUPPORT_MESSAGE_MAX, 'validation.support.messageTooLong'),
  ),
});
export type TicketReplyInput = z.output<typeof ticketReplySchema>;

export const ticketMessageSchema = z.object({
  author: z.enum(['seller', 'operator']),
  message: z.string(),
  created_at: timestampSchema,
});

/** GET /api/support/tickets: the seller's tickets, newest first, each with its whole thread. */
export const myTicketSchema = z.object({
  id: z.uuid(),
  topic: z.enum(SUPPORT_TOPICS),
  status: z.enum(TICKET_STATUSES),
  created_at: timestampSchema,
  /** The first message, as the ticket was sent. */
  message: z.string(),
  replies: z.array(ticketMessageSchema),
});
export type MyTicket = z.output<typeof myTicketSchema>;
export const myTicketsSchema = z.array(myTicketSchema);

/** GET /api/admin/tickets: `q` a piece of the seller's e-mail or of the first message. */
export const adminTicketsQuerySchema = z.object({
  status: z.enum(TICKET_STATUSES, { error: 'validation.admin.status' }).optional(),
  q: z.string().trim().max(200, 'validation.admin.query').optional(),
  page: z.coerce
    .number({ error: 'validation.admin.page' })
    .int('validation.admin.page')
    .min(1, 'validation.admin.page')
    .default(1),
});
export type AdminTicketsQuery = z.input<typeof adminTicketsQuerySchema>;
export const ADMIN_TICKETS_PAGE_SIZE = 25;

export const adminTicketRowSchema = z.object({
  id: z.uuid(),
  topic: z.enum(SUPPORT_TOPICS),
  status: z.enum(TICKET_STATUSES),
  created_at: timestampSchema,
  user_id: z.string(),
  email: z.string(),
  message: z.string(),
  replies: z.number().int(),
});
export type AdminTicketRow = z.output<typeof adminTicketRowSchema>;

export const adminTicketsPageSchema = z.object({
  tickets: z.array(adminTicketRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type AdminTicketsPage = z.output<typeof adminTicketsPageSchema>;
export type AdminTicketsPageInput = z.input<typeof adminTicketsPageSchema>;

/** GET /api/admin/tickets/:id: the thread with who answered. */
export const adminTicketSchema = myTicketSchema.extend({
  user_id: z.string(),
  email: z.string(),
  replies: z.array(ticketMessageSchema.extend({ author_email: z.string() })),
});
export type AdminTicket = z.output<typeof adminTicketSchema>;
export type AdminTicketInput = z.input<typeof adminTicketSchema>;
