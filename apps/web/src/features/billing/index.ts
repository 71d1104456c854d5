// What other features may use of this one.
export { setAutopay } from './api/billing';
export { InvoicesTable } from './components/invoices-table';
export { PaymentMethodModal } from './components/payment-method-modal';
export { UpgradeModal } from './components/upgrade-modal';
