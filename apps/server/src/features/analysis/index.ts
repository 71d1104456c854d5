// What other features may use of this one.
export { skuFor } from './sku';
export { loadAnalysisReport } from './analysis-report';
