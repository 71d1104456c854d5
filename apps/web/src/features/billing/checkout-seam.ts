import type { CheckoutSeam } from '../welcome';
import { CheckoutStep } from './components/checkout-step';
import { DoneStep } from './components/done-step';

/** What the onboarding wizard's Checkout and Done steps render (composed in the app's router). */
export const checkoutSeam: CheckoutSeam = { Checkout: CheckoutStep, Done: DoneStep };
