import type { AmazonConnection } from '@crossmarket/domain';

/** A region of GET /api/amazon/connections as tests need it: not connected, not required, unless `over`. */
export const connectionRow = (
  region: AmazonConnection['region'],
  over: Partial<AmazonConnection> = {},
): AmazonConnection => ({
  region,
  status: 'not_connected',
  selling_partner_id: null,
  connected_at: null,
  renew_by: null,
  required: false,
  not_selling_in: [],
  ...over,
});
