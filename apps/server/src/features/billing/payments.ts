import type { PaymentRow } from '@crossmarket/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payments } from '../../db/schema';

/** The user's Payments rows, newest first: written by the sandbox engine and by Stripe's webhooks alike. */
export async function listPayments(db: Db, userId: string, status?: string) {
  const where = status
    ? and(eq(payments.userId, userId), eq(payments.status, status))
    : eq(payments.userId, userId);
  const rows = await db.select().from(payments).where(where).orderBy(desc(payments.createdAt));
  return rows.map((p) => ({
    id: p.id,
    // Only these four are ever stored (the sandbox's and Stripe's invoice states).
    status: p.status as PaymentRow['status'],
    amount: p.amountCents,
    invoice_id: p.invoiceId,
    invoice_number: p.invoiceNumber,
    invoice_pdf: p.invoicePdf,
    created_at: p.createdAt,
  }));
}
