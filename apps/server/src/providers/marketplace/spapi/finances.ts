import { gunzipSync } from 'node:zlib';
import type { Transaction, V0FinancialEvents } from '@crossmarket/domain';
import { SETTLEMENT_REPORT_TYPE, type AmazonReport, type SellerFinances } from '../../seller-finances/types';
import { SpapiNetworkError, type SpapiClient } from './client';

/** A report document from its presigned link (Amazon's S3; no SP-API token). */
async function download(url: string): Promise<Buffer> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(120_000) });
    if (!res.ok) throw new Error(`answered ${res.status}`);
    return Buffer.from(await res.arrayBuffer());
  } catch (error) {
    throw new SpapiNetworkError('report document', error);
  }
}

const query = (params: Record<string, string | undefined>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') q.set(k, v);
  return q.toString();
};

/**
 * The seller's finances through SP-API, every call under the seller's own authorisation and paced
 * through its bucket of the operation (shared through PostgreSQL when the client is).
 */
export function createSpapiFinances(client: SpapiClient): SellerFinances {
  return {
    name: 'spapi',
    async listTransactions(region, account, q) {
      const answer = await client.call<{ payload?: { transactions?: Transaction[]; nextToken?: string } }>(
        region,
        'listTransactions',
        `/finances/2024-06-19/transactions?${query({ ...q })}`,
        { method: 'GET', account },
      );
      return {
        transactions: answer.payload?.transactions ?? [],
        nextToken: answer.payload?.nextToken || undefined,
      };
    },
    async listFinancialEventsByOrderId(region, account, orderId, nextToken) {
      const answer = await client.call<{
        payload?: { FinancialEvents?: V0FinancialEvents; NextToken?: string };
      }>(
        region,
        'listFinancialEventsByOrderId',
        `/finances/v0/orders/${encodeURIComponent(orderId)}/financialEvents?${query({ MaxResultsPerPage: '100', NextToken: nextToken })}`,
        { method: 'GET', account },
      );
      return {
        events: answer.payload?.FinancialEvents ?? {},
        nextToken: answer.payload?.NextToken || undefined,
      };
    },
    async listSettlementReports(region, account, q) {
      // With nextToken, the token is the only parameter (reports_2021-06-30.json).
      const params = q.nextToken
        ? { nextToken: q.nextToken }
        : { reportTypes: SETTLEMENT_REPORT_TYPE, pageSize: '100', createdSince: q.createdSince };
      const answer = await client.call<{ reports?: AmazonReport[]; nextToken?: string }>(
        region,
        'getReports',
        `/reports/2021-06-30/reports?${query(params)}`,
        { method: 'GET', account },
      );
      return { reports: answer.reports ?? [], nextToken: answer.nextToken || undefined };
    },
    async reportDocument(region, account, reportDocumentId) {
      const document = await client.call<{ url: string; compressionAlgorithm?: string }>(
        region,
        'getReportDocument',
        `/reports/2021-06-30/documents/${encodeURIComponent(reportDocumentId)}`,
        { method: 'GET', account },
      );
      const bytes = await download(document.url);
      const raw = document.compressionAlgorithm === 'GZIP' ? gunzipSync(bytes) : bytes;
      return { text: raw.toString('utf8') };
    },
  };
}
