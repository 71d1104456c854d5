import { gzipSync } from 'node:zlib';
import { randomUUID } from 'node:crypto';
import {
  createSandboxFinances,
  SETTLEMENT_REPORT_TYPE,
  type SandboxSales,
} from '../../src/providers/seller-finances';
import type { FinancesAccount } from '../../src/providers/seller-finances';

export type FinancesOperation =
  'listTransactions' | 'listFinancialEventsByOrderId' | 'getReports' | 'getReportDocument';

/** Which finances or reports operation a request is (finances_2024-06-19.json, financesV0.json, reports_2021-06-30.json). */
export function financesOperation(
  method: string | undefined,
  pathname: string,
): FinancesOperation | undefined {
  if (method !== 'GET') return undefined;
  if (pathname === '/finances/2024-06-19/transactions') return 'listTransactions';
  if (/^\/finances\/v0\/orders\/[^/]+\/financialEvents$/.test(pathname))
    return 'listFinancialEventsByOrderId';
  if (pathname === '/reports/2021-06-30/reports') return 'getReports';
  if (/^\/reports\/2021-06-30\/documents\/[^/]+$/.test(pathname)) return 'getReportDocument';
  return undefined;
}

const DAY = 86_400_000;
const ORDER_ID = /^\d{3}-\d{7}-\d{7}$/;
const DOCUMENT_PATH = /^\/report-documents\/([^/]+)$/;

interface Answer {
  status: number;
  body: unknown;
  problem?: string;
}
const invalid = (message: string): Answer => ({
  status: 400,
  body: { errors: [{ code: 'InvalidInput', message, details: message }] },
  problem: message,
});

/**
 * The finance side of the stand-in: answers built from the sandbox's finances of `sales` (a seller's
 * orders, NA), in Amazon's envelopes (`payload` for the finances APIs, bare for reports), refusing what the
 * models and Amazon refuse: listTransactions without `postedAfter` (the model's own 400 example), a range
 * over 180 days or ending less than two minutes ago; an order id not 3-7-7 (v0's example "Bad order ID
 * provided."); getReports without `reportTypes`, or with `nextToken` beside other filters, or `createdSince`
 * older than 90 days. Report documents are served gzipped from presigned paths, without a token.
 */
export function createFinancesStandIn(options: { sales?: SandboxSales; now?: () => number } = {}) {
  const now = options.now ?? Date.now;
  const sandbox = createSandboxFinances(options.sales ?? (async () => []), now);
  const documents = new Map<string, Buffer>();
  const account = (seller: string): FinancesAccount => ({
    own: { sellingPartnerId: seller, refreshToken: '' },
  });

  async function handle(op: FinancesOperation, url: URL, seller: string, base: string): Promise<Answer> {
    const q = url.searchParams;
    if (op === 'listTransactions') {
      const related = q.get('relatedIdentifierName');
      const after = q.get('postedAfter');
      if (!after && !related) return invalid('Start date cannot be null');
      if (related && !['ORDER_ID', 'FINANCIAL_EVENT_GROUP_ID'].includes(related))
        return invalid('Invalid relatedIdentifierName');
      const before = q.get('postedBefore');
      const a = after ? Date.parse(after) : NaN;
      const b = before ? Date.parse(before) : now() - 2 * 60_000;
      if (after && !Number.isFinite(a)) return invalid('Invalid postedAfter');
      if (!Number.isFinite(b) || b > now() - 2 * 60_000)
        return invalid('postedBefore must be at least two minutes before now');
      if (after && (b < a || b - a > 180 * DAY)) return invalid('Date range must be 180 days or less');
      const page = await sandbox.listTransactions('na', account(seller), {
        postedAfter: after ?? undefined,
        postedBefore: before ?? undefined,
        relatedIdentifierName: (related as 'ORDER_ID') ?? undefined,
        relatedIdentifierValue: q.get('relatedIdentifierValue') ?? undefined,
        transactionStatus: (q.get('transactionStatus') as 'DEFERRED') ?? undefined,
        nextToken: q.get('nextToken') ?? undefined,
      });
      return {
        status: 200,
        body: {
          payload: {
            transactions: page.transactions,
            ...(page.nextToken ? { nextToken: page.nextToken } : {}),
          },
        },
      };
    }
    if (op === 'listFinancialEventsByOrderId') {
      const orderId = decodeURIComponent(url.pathname.split('/')[4] ?? '');
      if (!ORDER_ID.test(orderId)) return invalid('Bad order ID provided.');
      const max = q.get('MaxResultsPerPage');
      if (max !== null && !(Number(max) >= 1 && Number(max) <= 100)) return invalid('Input not valid.');
      const { events } = await sandbox.listFinancialEventsByOrderId('na', account(seller), orderId);
      return { status: 200, body: { payload: { FinancialEvents: events } } };
    }
    if (op === 'getReports') {
      const token = q.get('nextToken');
      if (token && [...q.keys()].some((k) => k !== 'nextToken'))
        return invalid('nextToken must be the only parameter');
      if (!token && !q.get('reportTypes')) return invalid('reportTypes or nextToken is required');
      const types = (q.get('reportTypes') ?? SETTLEMENT_REPORT_TYPE).split(',');
      const since = q.get('createdSince');
      if (since && Date.parse(since) < now() - 90 * DAY - 60_000)
        return invalid('createdSince must be within the last 90 days');
      const pageSize = Number(q.get('pageSize') ?? 10);
      if (!(pageSize >= 1 && pageSize <= 100)) return invalid('pageSize must be 1 to 100');
      const page = types.includes(SETTLEMENT_REPORT_TYPE)
        ? await sandbox.listSettlementReports('na', account(seller), {
            createdSince: since ?? undefined,
            nextToken: token ?? undefined,
          })
        : { reports: [] };
      return {
        status: 200,
        body: { reports: page.reports, ...(page.nextToken ? { nextToken: page.nextToken } : {}) },
      };
    }
    const id = decodeURIComponent(url.pathname.split('/').pop() ?? '');
    try {
      const { text } = await sandbox.reportDocument('na', account(seller), id);
      const key = randomUUID();
      documents.set(key, gzipSync(text));
      return {
        status: 200,
        body: { reportDocumentId: id, url: `${base}/report-documents/${key}`, compressionAlgorithm: 'GZIP' },
      };
    } catch {
      return {
        status: 404,
        body: { errors: [{ code: 'NotFound', message: 'Resource not found.' }] },
        problem: `no document ${id}`,
      };
    }
  }

  /** A presigned document URL (no SP-API token, as Amazon's S3 links). */
  function serveDocument(method: string | undefined, pathname: string): Buffer | null | undefined {
    const m = DOCUMENT_PATH.exec(pathname);
    if (!m || method !== 'GET') return undefined;
    return documents.get(m[1]!) ?? null;
  }

  return { handle, serveDocument };
}
