import type { SupportTopic } from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, user } from './schema-core';

/** Tickets from the support centre's drawer; the user comes from the session, never from the body. */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    topic: text('topic').$type<SupportTopic>().notNull(),
    message: text('message').notNull(),
    /** open: waits for support; answered: support replied last; closed. The seller's answer reopens it. */
    status: text('status').$type<'open' | 'answered' | 'closed'>().notNull().default('open'),
    createdAt: createdAt(),
  },
  (t) => [
    index('support_tickets_user_created_idx').on(t.userId, t.createdAt),
    index('support_tickets_status_created_idx').on(t.status, t.createdAt),
    check('support_tickets_topic', sql`${t.topic} in ('account', 'reports', 'payments', 'other')`),
    check('support_tickets_status', sql`${t.status} in ('open', 'answered', 'closed')`),
  ],
);

/** A ticket's thread after its first message (which stays on the ticket): replies both ways. */
export const supportTicketMessages = pgTable(
  'support_ticket_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    author: text('author').$type<'seller' | 'operator'>().notNull(),
    /** The operator who answered (their e-mail is kept: they may lose the role later). */
    authorEmail: text('author_email').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('support_ticket_messages_ticket_idx').on(t.ticketId, t.createdAt),
    check('support_ticket_messages_author', sql`${t.author} in ('seller', 'operator')`),
  ],
);
