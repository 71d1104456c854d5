import { rawBodySchema } from '@crossmarket/domain';
import type { Db } from '../db/client';
import { sandboxStoreListings } from '../providers/seller-store';
import type { App } from './app-type';
import { hiddenFrom, type DevPagesAccess } from './dev-mailbox';

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Development only (DEV_PAGES=true), with the sandbox marketplace: the sandbox's stand-in for sellers' Amazon stores, every
 * listing it keeps with the price, quantity and status getListingsItem would answer. Like the mailbox it
 * shows every user's, so only this machine's clients (or a public demo) see it (`devPagesOpenTo`).
 */
export function registerDevStore(app: App, db: Db, access: DevPagesAccess) {
  const hidden = hiddenFrom(access);
  app.get(
    '/dev/store',
    {
      schema: { response: { 200: rawBodySchema("The sandbox store's listings as an HTML page.") } },
      onRequest: hidden,
    },
    async (_request, reply) => {
      const listings = await sandboxStoreListings(db);
      const rows = listings
        .map((l) => {
          const summary = l.summaries?.[0];
          const offer = l.offers?.[0];
          const cells = [
            l.seller_id,
            summary?.marketplaceId ?? '',
            l.sku,
            summary?.asin ?? '',
            offer ? `${offer.price.amount} ${offer.price.currencyCode ?? ''}` : '',
            String(l.fulfillmentAvailability?.[0]?.quantity ?? ''),
            (summary?.status ?? []).join(', '),
            l.updated_at,
          ];
          return `<tr>${cells.map((c) => `<td>${escapeHtml(c)}</td>`).join('')}</tr>`;
        })
        .join('');
      const head = ['Seller', 'Marketplace', 'SKU', 'ASIN', 'Price', 'Quantity', 'Status', 'Updated']
        .map((h) => `<th scope="col">${h}</th>`)
        .join('');
      return reply
        .type('text/html')
        .send(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Crossmarket - Sandbox store</title><style>body{font-family:sans-serif;margin:24px;color:#1f1f1f;background:#fff}table{border-collapse:collapse}td,th{border:1px solid #999;padding:4px 8px;text-align:left}</style></head><body><main><h1>Sandbox store</h1><p>The listings the sandbox's stand-in for sellers' Amazon stores keeps.</p>${
            rows
              ? `<table><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table>`
              : '<p>No listings yet.</p>'
          }</main></body></html>`,
        );
    },
  );
}
