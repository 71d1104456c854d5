// What other features may use: the restrictions phase asks for fees in the same rounds (features/restrictions);
// inventories price with the kept estimates.
export { feeEstimatesOf, keptFeeEstimates, purgeOldFeeEstimates } from './store';
export { estimatePrice, writeReportFees } from './report-fees';
