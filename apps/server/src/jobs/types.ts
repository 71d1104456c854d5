import type PgBoss from 'pg-boss';
import type { JobName, JobPayload } from '@crossmarket/domain';
import type { Db } from '../db/client';
import type { Logger } from '../logger';
import type { MailTransport } from '../providers/mail/transport';
import type { LookupAccounts, MarketplaceProvider } from '../providers/marketplace/types';
import type { RatesSource } from '../providers/rates/types';
import type { SellerOrders } from '../providers/seller-orders';
import type { SellerStore } from '../providers/seller-store';
import type { JobQueue } from './queue';

/** Seals and opens short secrets under the token key (features/amazon's TokenBox is one). */
export interface SealingBox {
  seal(text: string, context: string): { ciphertext: Buffer; iv: Buffer; authTag: Buffer; keyId: string };
  open(
    sealed: { ciphertext: Buffer; iv: Buffer; authTag: Buffer; keyId: string },
    context: string,
  ): { token: string };
}

/** What a job handler may use: the worker's resources and the job being run. */
export interface JobContext {
  db: Db;
  logger: Logger;
  mail: MailTransport;
  /** The app's public address (APP_URL): mails that link into the app; without it they link to Amazon only. */
  appUrl?: string;
  /** Opens the sealed links of link mails (`send-link-mail`); without it those jobs fail. */
  links?: SealingBox;
  marketplace: MarketplaceProvider;
  /** Whose Amazon authorisation each user's lookups run under; the shared one for everybody when absent. */
  accounts?: LookupAccounts;
  rates: RatesSource;
  /** How long price history is kept (HISTORY_RAW_DAYS, HISTORY_RETENTION_DAYS); the defaults when absent. */
  history?: { rawDays: number; retentionDays: number };
  /** LISTING_PRICE_CEILING (features/listings/publishable-exclusions.ts); its default when absent. */
  listingPriceCeiling?: number;
  /** Sellers' Amazon stores (listings); the sandbox's store when absent. */
  sellerStore?: SellerStore;
  /** Sellers' Amazon orders (features/orders); the sandbox's when absent. */
  sellerOrders?: SellerOrders;
  /** Seconds a report stays leased to this worker between batches (REPORT_LEASE_SECONDS). */
  leaseSeconds: number;
  /** This worker's name in leases: host, process and a random part. */
  owner: string;
  queue: JobQueue;
  stopping: () => boolean;
  job: PgBoss.JobWithMetadata<unknown>;
}

/** A job's handler: its payload already checked against the domain's schema for that job. */
export type JobHandler<N extends JobName> = (data: JobPayload<N>, ctx: JobContext) => Promise<unknown>;

/** The handlers a feature or provider owns; the worker merges them. */
export type JobHandlers = { [N in JobName]?: JobHandler<N> };
