import {
  ADMIN_TICKETS_PAGE_SIZE,
  type AdminTicketsPageInput,
  type AdminTicketsQuery,
} from '@crossmarket/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

interface Row extends Record<string, unknown> {
  id: string;
  topic: AdminTicketsPageInput['tickets'][number]['topic'];
  status: AdminTicketsPageInput['tickets'][number]['status'];
  created_at: Date;
  user_id: string;
  email: string;
  message: string;
  replies: number;
  total: string;
}

/** /admin/tickets: newest first, by status, `q` a piece of the seller's e-mail or of the first message. */
export async function listTickets(db: Db, query: AdminTicketsQuery): Promise<AdminTicketsPageInput> {
  const page = Number(query.page ?? 1);
  const conditions: SQL[] = [];
  if (query.status) conditions.push(sql`t.status = ${query.status}`);
  if (query.q) {
    const like = `%${escapeLike(query.q)}%`;
    conditions.push(sql`(u.email ilike ${like} or t.message ilike ${like})`);
  }
  const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const result = await db.execute<Row>(sql`
    select t.id, t.topic, t.status, t.created_at, t.user_id, u.email, left(t.message, 200) as message,
           (select count(*)::int from support_ticket_messages m where m.ticket_id = t.id) as replies,
           count(*) over () as total
    from support_tickets t join "user" u on u.id = t.user_id
    ${where}
    order by t.created_at desc, t.id desc
    limit ${ADMIN_TICKETS_PAGE_SIZE} offset ${(page - 1) * ADMIN_TICKETS_PAGE_SIZE}`);
  return {
    tickets: result.rows.map(({ total: _total, created_at, ...r }) => ({
      ...r,
      created_at: new Date(created_at),
    })),
    total: Number(result.rows[0]?.total ?? 0),
    page,
    page_size: ADMIN_TICKETS_PAGE_SIZE,
  };
}
