// What other features may use of this one.
export { type CheckoutSeam } from './welcome-page';
