import { JOB_NAMES, rawBodySchema, REGION_CODES } from '@crossmarket/domain';
import { desc, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client';
import { sandboxOrders } from '../db/schema';
import type { JobQueue } from '../jobs/queue';
import { MARKETPLACES } from '../providers/marketplace/spapi/regions';
import { placeSandboxOrder, SANDBOX_ORDER_KINDS, type AmazonOrder } from '../providers/seller-orders';
import { sandboxStoreListings } from '../providers/seller-store';
import type { App } from './app-type';
import { hiddenFrom, type DevPagesAccess } from './dev-mailbox';
import { notFound } from './errors';
import { errors } from './responses';

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const countryOf = (marketplaceId: string) => REGION_CODES.find((c) => MARKETPLACES[c].id === marketplaceId);

/** "Place an order" on a listing: its seller, marketplace and SKU, how the order behaves, how many. */
const placeOrderSchema = z
  .object({
    seller_id: z.string().min(1).max(64),
    marketplace_id: z.string().min(1).max(32),
    sku: z.string().min(1).max(200),
    kind: z.enum(SANDBOX_ORDER_KINDS).default('normal'),
    quantity: z.coerce.number().int().min(1).max(10).default(1),
    /**
     * Placed this many days back, so its money is there to see (the sandbox's finances post two days after
     * the sale and release 21 days after): at most six, what a seller's first read of orders covers.
     */
    days_ago: z.coerce.number().int().min(0).max(6).default(0),
  })
  .strict();

const DAY = 86_400_000;
const PLACED_DAYS_AGO = [0, 3, 5] as const;

const table = (head: string[], rows: string[][]) =>
  `<table><thead><tr>${head.map((h) => `<th scope="col">${h}</th>`).join('')}</tr></thead><tbody>${rows
    .map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`)
    .join('')}</tbody></table>`;

/**
 * Development only (DEV_PAGES=true), with the sandbox marketplace: the sandbox's stand-in for sellers' Amazon
 * stores, every listing it keeps with the price, quantity and status getListingsItem would answer, and its
 * orders (issue 60): "Place an order" on a listing (a plain order, one not paid yet, a Ship+ order Amazon
 * will not take a confirmation for, or one whose confirmation Amazon answers 204 and drops), besides the
 * one a day each live listing receives. Like the mailbox it shows every user's, so only this machine's
 * clients (or a public demo) see it (`devPagesOpenTo`).
 */
export function registerDevStore(app: App, db: Db, access: DevPagesAccess, queue: JobQueue) {
  const hidden = hiddenFrom(access);
  app.get(
    '/dev/store',
    {
      schema: { response: { 200: rawBodySchema("The sandbox store's listings as an HTML page.") } },
      onRequest: hidden,
    },
    async (_request, reply) => {
      const [listings, orders] = await Promise.all([
        sandboxStoreListings(db),
        db.select().from(sandboxOrders).orderBy(desc(sandboxOrders.createdAt)).limit(100),
      ]);
      const placed = PLACED_DAYS_AGO.map(
        (d) => `<option value="${d}">${d === 0 ? 'now' : `${d} days ago`}</option>`,
      ).join('');
      const kinds = SANDBOX_ORDER_KINDS.map(
        (k) => `<option value="${k}">${k.replace('_', ' ')}</option>`,
      ).join('');
      const rows = listings.map((l) => {
        const summary = l.summaries?.[0];
        const offer = l.offers?.[0];
        const marketplaceId = summary?.marketplaceId ?? '';
        const place = `<form method="post" action="/dev/store/orders"><input type="hidden" name="seller_id" value="${escapeHtml(l.seller_id)}"><input type="hidden" name="marketplace_id" value="${escapeHtml(marketplaceId)}"><input type="hidden" name="sku" value="${escapeHtml(l.sku)}"><label>Kind <select name="kind">${kinds}</select></label> <label>Placed <select name="days_ago">${placed}</select></label> <button type="submit" aria-label="Place an order of ${escapeHtml(l.sku)}">Place an order</button></form>`;
        return [
          escapeHtml(l.seller_id),
          escapeHtml(marketplaceId),
          escapeHtml(l.sku),
          escapeHtml(summary?.asin ?? ''),
          escapeHtml(offer ? `${offer.price.amount} ${offer.price.currencyCode ?? ''}` : ''),
          escapeHtml(String(l.fulfillmentAvailability?.[0]?.quantity ?? '')),
          escapeHtml((summary?.status ?? []).join(', ')),
          escapeHtml(l.updated_at),
          place,
        ];
      });
      const orderRows = orders.map((o) => {
        const order = o.order as AmazonOrder & { sandbox?: { kind: string } };
        return [
          escapeHtml(o.orderId),
          escapeHtml(o.sellerId),
          escapeHtml(countryOf(o.marketplaceId)?.toUpperCase() ?? o.marketplaceId),
          escapeHtml(o.sku ?? ''),
          escapeHtml(order.fulfillment?.fulfillmentStatus ?? ''),
          escapeHtml(order.sandbox?.kind ?? ''),
          escapeHtml(
            (order.packages ?? []).map((p) => `${p.carrier ?? ''} ${p.trackingNumber ?? ''}`).join('; '),
          ),
          escapeHtml(order.lastUpdatedTime),
        ];
      });
      return reply
        .type('text/html')
        .send(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="referrer" content="same-origin"><title>Crossmarket - Sandbox store</title><style>body{font-family:sans-serif;margin:24px;color:#1f1f1f;background:#fff}table{border-collapse:collapse}td,th{border:1px solid #999;padding:4px 8px;text-align:left}form{margin:0}</style></head><body><main><h1>Sandbox store</h1><p>The listings the sandbox's stand-in for sellers' Amazon stores keeps.</p>${
            rows.length
              ? table(
                  ['Seller', 'Marketplace', 'SKU', 'ASIN', 'Price', 'Quantity', 'Status', 'Updated', 'Order'],
                  rows,
                )
              : '<p>No listings yet.</p>'
          }<h2>Orders</h2><p>Each live listing receives an order ten minutes after it is listed and one a day after that; "Place an order" adds one now, or placed a few days back so that its money (posted two days after the sale) is there to see.</p><form method="post" action="/dev/store/finances"><button type="submit">Read finances now</button> (every connected seller's, as the six-hourly schedule does)</form>${
            orderRows.length
              ? table(
                  ['Order', 'Seller', 'Marketplace', 'SKU', 'Status', 'Kind', 'Packages', 'Updated'],
                  orderRows,
                )
              : '<p>No orders yet.</p>'
          }</main></body></html>`,
        );
    },
  );

  void app.register(async (scope) => {
    // The page's plain HTML form posts urlencoded (no script: the CSP allows none inline).
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.post(
      '/dev/store/orders',
      {
        schema: {
          body: placeOrderSchema,
          response: {
            303: rawBodySchema('Back to the sandbox store.'),
            ...errors(400, 404),
          },
        },
        onRequest: hidden,
      },
      async (request, reply) => {
        const body = placeOrderSchema.parse(request.body);
        const country = countryOf(body.marketplace_id);
        const listings = await sandboxStoreListings(db);
        const listing = listings.find(
          (l) =>
            l.seller_id === body.seller_id &&
            l.sku === body.sku &&
            l.summaries?.[0]?.marketplaceId === body.marketplace_id,
        );
        const price = Number(listing?.offers?.[0]?.price.amount ?? Number.NaN);
        if (!country || !listing || !Number.isFinite(price))
          throw notFound('No such sandbox listing with a price.');
        // Placed a few minutes back and the sellers' reads made due, so the order arrives at the next
        // minute's intake rather than after Amazon's two-minute lag and the five-minute cadence: a tool
        // for trying the flow, not a model of Amazon's timing (the scheduled orders keep that).
        const at = Date.now() - body.days_ago * DAY - 3 * 60_000;
        await placeSandboxOrder(db, {
          sellerId: body.seller_id,
          country,
          sku: body.sku,
          asin: listing.summaries?.[0]?.asin,
          price,
          quantity: body.quantity,
          kind: body.kind,
          at,
        });
        // An order placed days back is one Amazon showed then: the reads that passed it go back for it.
        await db.execute(
          sql`update order_syncs set next_run_at = now(), synced_until = least(synced_until, ${new Date(at)})`,
        );
        return reply.status(303).header('location', '/dev/store').type('text/plain').send('');
      },
    );
    // What Amazon paid, read now rather than at the six-hourly schedule: the schedule's own job, which
    // queues a read per connected seller and region.
    scope.post(
      '/dev/store/finances',
      {
        schema: { response: { 303: rawBodySchema('Back to the sandbox store.') } },
        onRequest: hidden,
      },
      async (_request, reply) => {
        await queue.send(JOB_NAMES.scheduleFinanceReads, {});
        return reply.status(303).header('location', '/dev/store').type('text/plain').send('');
      },
    );
  });
}
