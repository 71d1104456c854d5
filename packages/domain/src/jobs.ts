import { z } from 'zod';
import { PRODUCT_ID } from './product-ids';
import { LISTING_REMOVAL_CHOICES } from './schemas/listings';

/**
 * Background job names and their payload schemas. The server's pg-boss workers and whoever enqueues a job
 * both import from here, so a payload can never drift from what its handler expects.
 */
export const JOB_NAMES = {
  cleanup: 'auth-cleanup',
  sendMail: 'send-mail',
  sendLinkMail: 'send-link-mail',
  paymentSucceeded: 'billing-payment-succeeded',
  paymentReceipt: 'billing-payment-receipt',
  renewals: 'billing-renewals',
  processReport: 'process-report',
  refreshRates: 'refresh-exchange-rates',
  updateInventory: 'update-inventory',
  scheduleInventoryUpdates: 'schedule-inventory-updates',
  amazonRenewals: 'amazon-renewal-reminders',
  purgeQuickLookups: 'purge-quick-lookups',
  checkRestrictions: 'check-listing-restrictions',
  purgeListingRestrictions: 'purge-listing-restrictions',
  historyMaintenance: 'history-maintenance',
  publishListings: 'publish-listings',
  syncListings: 'sync-listings',
  removeListings: 'remove-listings',
  deleteInventory: 'delete-inventory',
  retryListing: 'retry-listing',
  followListingFeeds: 'follow-listing-feeds',
  watchAlerts: 'watch-alerts',
  watchDigest: 'watch-daily-digest',
  watchRefresh: 'watch-refresh',
  ordersIntake: 'orders-intake',
  ordersConfirm: 'orders-confirm-shipment',
  ordersReadBack: 'orders-read-back',
  ordersDeadlines: 'orders-deadlines',
  ordersEraseAddresses: 'orders-erase-addresses',
  ordersSoldOut: 'orders-sold-out',
  readFinances: 'read-finances',
  scheduleFinanceReads: 'schedule-finance-reads',
  repriceFromSupplierList: 'reprice-from-supplier-list',
} as const;

export type JobName = (typeof JOB_NAMES)[keyof typeof JOB_NAMES];

export const jobPayloadSchemas = {
  [JOB_NAMES.cleanup]: z.object({}).strict(),
  [JOB_NAMES.sendMail]: z
    .object({
      to: z.email(),
      subject: z.string().min(1).max(300),
      text: z.string().min(1),
      html: z.string().min(1),
    })
    .strict(),
  // A mail whose link signs someone in (activation, sign-in, recovery): the job holds the link sealed
  // (AES-256-GCM under the token key), the worker opens it and renders the mail, so job rows and their
  // archive never hold a working link.
  [JOB_NAMES.sendLinkMail]: z
    .object({
      kind: z.enum(['verify', 'magic', 'recovery']),
      lang: z.enum(['en', 'tr']),
      to: z.email(),
      link: z
        .object({
          ciphertext: z.base64(),
          iv: z.base64(),
          tag: z.base64(),
          key_id: z.string().regex(/^[0-9a-f]{8}$/),
        })
        .strict(),
    })
    .strict(),
  [JOB_NAMES.paymentSucceeded]: z.object({ payment_intent_id: z.string().min(1) }).strict(),
  // The receipt of a paid Payments row (either provider's): rendered by the worker from the stored rows.
  [JOB_NAMES.paymentReceipt]: z.object({ invoice_id: z.string().min(1).max(100) }).strict(),
  [JOB_NAMES.renewals]: z.object({}).strict(),
  [JOB_NAMES.processReport]: z.object({ report_id: z.uuid() }).strict(),
  [JOB_NAMES.refreshRates]: z.object({}).strict(),
  [JOB_NAMES.updateInventory]: z.object({ inventory_id: z.uuid() }).strict(),
  [JOB_NAMES.scheduleInventoryUpdates]: z.object({}).strict(),
  [JOB_NAMES.amazonRenewals]: z.object({}).strict(),
  [JOB_NAMES.purgeQuickLookups]: z.object({}).strict(),
  [JOB_NAMES.checkRestrictions]: z.object({ report_id: z.uuid() }).strict(),
  [JOB_NAMES.purgeListingRestrictions]: z.object({}).strict(),
  [JOB_NAMES.historyMaintenance]: z.object({}).strict(),
  // Names only the run or inventory: the seller's authorisation is read by the worker, never queued.
  [JOB_NAMES.publishListings]: z.object({ run_id: z.uuid() }).strict(),
  [JOB_NAMES.syncListings]: z.object({ inventory_id: z.uuid() }).strict(),
  // Listings of products removed from the inventory: quantity 0 or delete, at most 1,000 a job.
  [JOB_NAMES.removeListings]: z
    .object({
      inventory_id: z.uuid(),
      product_ids: z.array(z.string().regex(PRODUCT_ID)).min(1).max(1000),
      on_amazon: z.enum(LISTING_REMOVAL_CHOICES),
    })
    .strict(),
  // An inventory deleted while it had offers on Amazon: they are taken down, then it goes (issue 56).
  [JOB_NAMES.deleteInventory]: z.object({ inventory_id: z.uuid() }).strict(),
  // `zero_only`: owed a 0 the account's pause held back; sends the 0 and nothing else.
  [JOB_NAMES.retryListing]: z
    .object({
      inventory_id: z.uuid(),
      product_id: z.string().regex(PRODUCT_ID),
      zero_only: z.boolean().optional(),
    })
    .strict(),
  [JOB_NAMES.followListingFeeds]: z.object({}).strict(),
  [JOB_NAMES.watchAlerts]: z.object({}).strict(),
  [JOB_NAMES.watchDigest]: z.object({}).strict(),
  [JOB_NAMES.watchRefresh]: z.object({}).strict(),
  // Orders (issue 60): payloads name the order or listing only, never a buyer's data or an authorisation.
  [JOB_NAMES.ordersIntake]: z.object({}).strict(),
  [JOB_NAMES.ordersConfirm]: z.object({ order_id: z.uuid() }).strict(),
  [JOB_NAMES.ordersReadBack]: z.object({ order_id: z.uuid() }).strict(),
  [JOB_NAMES.ordersDeadlines]: z.object({}).strict(),
  [JOB_NAMES.ordersEraseAddresses]: z.object({}).strict(),
  [JOB_NAMES.ordersSoldOut]: z.object({ listing_id: z.uuid() }).strict(),
  // One seller's finances in one SP-API region (issue 61); the authorisation is read by the worker.
  [JOB_NAMES.readFinances]: z
    .object({ user_id: z.string().min(1).max(100), region: z.enum(['na', 'eu', 'fe']) })
    .strict(),
  [JOB_NAMES.scheduleFinanceReads]: z.object({}).strict(),
  // A new version of a supplier's list re-prices the inventories it feeds (issue 62).
  [JOB_NAMES.repriceFromSupplierList]: z
    .object({ user_id: z.string().min(1).max(100), list_id: z.uuid() })
    .strict(),
} satisfies Record<JobName, z.ZodType>;

export type JobPayload<N extends JobName> = z.infer<(typeof jobPayloadSchemas)[N]>;

/** Cron schedules (pg-boss, evaluated in the app's timezone). */
export const JOB_SCHEDULES: Partial<Record<JobName, string>> = {
  [JOB_NAMES.cleanup]: '17 3 * * *',
  [JOB_NAMES.renewals]: '*/10 * * * *',
  // The ECB publishes around 16:00 CET on working days.
  [JOB_NAMES.refreshRates]: '30 17 * * *',
  // Every inventory's prices and stock, once a day before Turkish sellers start work.
  [JOB_NAMES.scheduleInventoryUpdates]: '15 4 * * *',
  // Amazon authorisations near their yearly renewal, mailed in the morning when sellers read mail.
  [JOB_NAMES.amazonRenewals]: '40 9 * * *',
  // Quick checks past their retention (features/lookup/jobs.ts), at night.
  [JOB_NAMES.purgeQuickLookups]: '25 3 * * *',
  // Listing restriction answers past 30 days (features/restrictions/store.ts), at night.
  [JOB_NAMES.purgeListingRestrictions]: '35 3 * * *',
  // Price history (features/history/jobs.ts): after midnight UTC, so yesterday's UTC day is whole.
  [JOB_NAMES.historyMaintenance]: '45 3 * * *',
  // Watches (features/watches/jobs.ts): the seller-data conditions and "instant" mails within five
  // minutes of an alert; the digest in the morning, when sellers read mail.
  [JOB_NAMES.watchAlerts]: '*/5 * * * *',
  [JOB_NAMES.watchDigest]: '0 8 * * *',
  // Watched products no lookup saw today, after the inventories' 04:15 updates and before the digest.
  [JOB_NAMES.watchRefresh]: '0 6 * * *',
  // Listings feeds a publish or sync stopped following before Amazon finished them
  // (features/listings/late-feeds.ts): their outcome within ten minutes of Amazon's.
  [JOB_NAMES.followListingFeeds]: '*/10 * * * *',
  // Orders (features/orders/jobs.ts): each seller's regions are read when due (every five minutes at most,
  // within searchOrders' one call in three minutes); deadlines every quarter hour; buyers' addresses erased
  // 30 days after shipment, at night.
  [JOB_NAMES.ordersIntake]: '* * * * *',
  [JOB_NAMES.ordersDeadlines]: '*/15 * * * *',
  [JOB_NAMES.ordersEraseAddresses]: '50 3 * * *',
  // What Amazon paid (features/finances/jobs.ts): every six hours, so held money shows the day it is
  // booked and a settlement file is stored long before Amazon's 90 days run out.
  [JOB_NAMES.scheduleFinanceReads]: '20 */6 * * *',
};
