// Supplier price lists (issue 62): what other features use of this one.
export { prepareSupplierReport } from './prepare-report';
export { supplierSides } from './supplier-side';
export { supplierListForReport } from './report-source';
export { supplierNotesJoin, supplierNote } from './row-notes';
export { supplierReportInfo } from './report-info';
