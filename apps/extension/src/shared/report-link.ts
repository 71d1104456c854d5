import { encodeFilters } from '@crossmarket/domain';

/**
 * A report's page on the saved server, filtered to one product when `asin` is given (the report view
 * lives in its URL: `f`, the filters). Built by the worker only: content scripts never learn the address.
 */
export const reportLink = (server: string, reportId: string, asin?: string) =>
  `${server}/reports/${encodeURIComponent(reportId)}${
    asin ? `?f=${encodeFilters([{ id: 'cross_product_ids', value: { ids: [asin], mode: 'only' } }])}` : ''
  }`;
