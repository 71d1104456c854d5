import { PRODUCT_ID } from '@crossmarket/domain';
import { z } from 'zod';
import type { App } from '../../app';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import type { Guard } from '../auth/guard';
import { productSellers } from './offers';

const offersParams = z.object({
  id: z.uuid({ error: 'This report was not found.' }),
  productId: z.string().regex(PRODUCT_ID, 'This product was not found.'),
});

/** The analysis calls over a report's stored rows (`/v1/*`, session-authenticated). */
export function registerAnalysisRoutes(app: App, { db, guard }: { db: Db; guard: Guard }) {
  app.get(
    '/v1/reports/:id/products/:productId/offers',
    { schema: { params: offersParams } },
    async (request) => {
      const { userId } = await guard(request);
      const sellers = await productSellers(db, userId, request.params.id, request.params.productId);
      if (!sellers) throw notFound('This product was not found in the report.');
      return sellers;
    },
  );
}
