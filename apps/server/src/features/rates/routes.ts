import { exchangeRatesSchema } from '@crossmarket/domain';
import type { App } from '../../http/app-type';
import { notFound } from '../../http/errors';
import { registerGuardedScope } from '../../http/guarded-scope';
import { guardedErrors } from '../../http/responses';
import type { SourcedRateTable } from '../../providers/rates/types';
import type { Guard } from '../auth';

export function registerRatesRoutes(
  app: App,
  { guard, rates }: { guard: Guard; rates: () => Promise<SourcedRateTable> },
) {
  registerGuardedScope(
    app,
    guard,
    notFound,
    (scope) => {
      /** Units of each currency per US dollar, as the latest stored rates have them. */
      scope.get(
        '/api/exchange-rates',
        { schema: { response: { 200: exchangeRatesSchema, ...guardedErrors() } } },
        async () => {
          const table = await rates();
          return { source: table.source, as_of: table.asOf, rates: table.rates };
        },
      );
    },
    { allowLocked: true },
  );
}
