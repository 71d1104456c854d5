import { createContext, useContext, type ComponentType } from 'react';
import type { CardValues } from '../api/billing';

export type Confirmed = { ok: boolean; msg: string };

/**
 * Where the card is typed and how it is confirmed: our own fields and the sandbox's confirm call, or
 * Stripe Elements and Stripe.js (the card then never reaches our server).
 */
export interface CardEntry {
  Input: ComponentType;
  /** The sandbox takes Stripe's test card numbers; the checkout says so. */
  sandbox: boolean;
  /** Confirms the first payment of a subscription by its client secret. */
  pay(clientSecret: string, values: CardValues): Promise<Confirmed>;
  /** Saves a new card for the subscription. */
  saveCard(values: CardValues): Promise<Confirmed>;
}

export const CardEntryContext = createContext<CardEntry | null>(null);

export function useCardEntry(): CardEntry {
  const entry = useContext(CardEntryContext);
  if (!entry) throw new Error('useCardEntry needs a <CardEntryProvider>');
  return entry;
}
