import type { AmazonRegionCode, Transaction, V0FinancialEvents } from '@crossmarket/domain';
import type { LookupAccount, SellerAuthorisation } from '../marketplace/types';

// A seller's financial data (issue 61) in Amazon's shapes: Finances 2024-06-19 listTransactions, Finances
// v0 listFinancialEventsByOrderId, and the Reports API 2021-06-30 for the settlement files Amazon
// schedules itself. Both the SP-API adapter and the sandbox answer in them.

/** Always the seller's own authorisation: finance data is never read under the shared one. */
export type FinancesAccount = LookupAccount & { own: SellerAuthorisation };

export const SETTLEMENT_REPORT_TYPE = 'GET_V2_SETTLEMENT_REPORT_DATA_FLAT_FILE_V2';

/** listTransactions' query; `postedAfter` is required unless a related identifier is given. */
export interface TransactionsQuery {
  postedAfter?: string;
  postedBefore?: string;
  marketplaceId?: string;
  transactionStatus?: 'DEFERRED' | 'RELEASED' | 'DEFERRED_RELEASED';
  relatedIdentifierName?: 'ORDER_ID' | 'FINANCIAL_EVENT_GROUP_ID';
  relatedIdentifierValue?: string;
  nextToken?: string;
}

/** `Report` (reports_2021-06-30.json). */
export interface AmazonReport {
  reportId: string;
  reportType: string;
  processingStatus: 'CANCELLED' | 'DONE' | 'FATAL' | 'IN_PROGRESS' | 'IN_QUEUE';
  createdTime: string;
  dataStartTime?: string;
  dataEndTime?: string;
  marketplaceIds?: string[];
  reportDocumentId?: string;
}

export interface SellerFinances {
  name: 'spapi' | 'sandbox';
  listTransactions(
    region: AmazonRegionCode,
    account: FinancesAccount,
    query: TransactionsQuery,
  ): Promise<{ transactions: Transaction[]; nextToken?: string }>;
  listFinancialEventsByOrderId(
    region: AmazonRegionCode,
    account: FinancesAccount,
    orderId: string,
    nextToken?: string,
  ): Promise<{ events: V0FinancialEvents; nextToken?: string }>;
  /** getReports for the settlement type; Amazon keeps reports 90 days (`createdSince`'s default). */
  listSettlementReports(
    region: AmazonRegionCode,
    account: FinancesAccount,
    query: { createdSince?: string; nextToken?: string },
  ): Promise<{ reports: AmazonReport[]; nextToken?: string }>;
  /** getReportDocument, then the file from its presigned link, unzipped: the text and the stored bytes. */
  reportDocument(
    region: AmazonRegionCode,
    account: FinancesAccount,
    reportDocumentId: string,
  ): Promise<{ text: string }>;
}
