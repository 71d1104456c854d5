import type Stripe from 'stripe';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import type { JobHandlers } from '../../jobs/types';
import { createSandboxPayments } from './sandbox';
import { sandboxPaymentJobs } from './sandbox/jobs';
import { createStripeClient, createStripePayments } from './stripe';
import type { PaymentsProvider } from './types';

/**
 * The provider `PAYMENTS_PROVIDER` names (config validation guarantees Stripe's keys are set). Everything
 * outside this folder reaches payments through it; a lint rule keeps the sandbox engine private.
 */
export function createPayments(
  config: Pick<Config, 'PAYMENTS_PROVIDER' | 'STRIPE_SECRET_KEY' | 'STRIPE_API_BASE'>,
  db: Db,
  queue: JobQueue,
): { provider: PaymentsProvider; stripe?: Stripe } {
  if (config.PAYMENTS_PROVIDER !== 'stripe') return { provider: createSandboxPayments(db, queue) };
  const stripe = createStripeClient(config.STRIPE_SECRET_KEY!, config.STRIPE_API_BASE);
  return { provider: createStripePayments(db, stripe), stripe };
}

/** The jobs the provider runs in the worker: the sandbox renews and records payments; Stripe needs none. */
export function paymentJobs(provider: Config['PAYMENTS_PROVIDER']): JobHandlers {
  return provider === 'stripe' ? {} : sandboxPaymentJobs;
}

export type { NewCard, Outcome, PaymentsProvider, Proration } from './types';
