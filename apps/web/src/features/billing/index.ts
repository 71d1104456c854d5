// What other features may use of this one.
export { useSetAutopay } from './api/payments';
export { InvoicesTable } from './components/invoices-table';
export { PaymentMethodModal } from './components/payment-method-modal';
export { UpgradeModal } from './components/upgrade-modal';
