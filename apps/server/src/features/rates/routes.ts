import type { App } from '../../app';
import type { RateTable } from '../../providers/rates/types';
import type { Guard } from '../auth/guard';

export function registerRatesRoutes(
  app: App,
  { guard, rates }: { guard: Guard; rates: () => Promise<RateTable & { source: string }> },
) {
  /** Units of each currency per US dollar, as the latest stored rates have them. */
  app.get('/api/exchange-rates', async (request) => {
    await guard(request, { allowLocked: true });
    const table = await rates();
    return { source: table.source, as_of: table.asOf, rates: table.rates };
  });
}
