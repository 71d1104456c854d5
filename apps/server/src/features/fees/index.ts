// What other features may use: the restrictions phase asks for fees in the same rounds (features/restrictions).
export { feeEstimatesOf, purgeOldFeeEstimates } from './store';
export { estimatePrice, writeReportFees } from './report-fees';
