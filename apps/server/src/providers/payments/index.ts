import type Stripe from 'stripe';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { createSandboxPayments } from './sandbox';
import { createStripeClient, createStripePayments } from './stripe';
import type { PaymentsProvider } from './types';

/** The provider `PAYMENTS_PROVIDER` names (config validation guarantees Stripe's keys are set). */
export function createPayments(config: Config, db: Db): { provider: PaymentsProvider; stripe?: Stripe } {
  if (config.PAYMENTS_PROVIDER !== 'stripe') return { provider: createSandboxPayments(db) };
  const stripe = createStripeClient(config.STRIPE_SECRET_KEY!, config.STRIPE_API_BASE);
  return { provider: createStripePayments(db, stripe), stripe };
}
