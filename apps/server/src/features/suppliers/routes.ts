import {
  JOB_NAMES,
  noContentSchema,
  supplierListFieldsSchema,
  supplierListSchema,
  supplierListsResponseSchema,
  suppliersResponseSchema,
} from '@crossmarket/domain';
import type { Db } from '../../db/client';
import type { App } from '../../http/app-type';
import type { JobQueue } from '../../jobs/queue';
import { notFound, zodFieldErrors, fieldError } from '../../http/errors';
import { callerOf, idParams as params, registerGuardedScope } from '../../http/guarded-scope';
import { refuseNul } from '../../http/nul-bytes';
import { guardedErrors } from '../../http/responses';
import type { Guard } from '../auth';
import { createSupplierList } from './create-list';
import { readSupplierUpload } from './read-upload';
import { deleteSupplierList, findSupplierList, listSupplierLists, listSuppliers } from './repo';

const missing = () => notFound('This price list was not found.');

/**
 * `/api/supplier-lists` and `/api/suppliers` (issue 62): the caller's own rows only; another's answer 404.
 * A list is uploaded as multipart (`file` and the fields of `supplierListFieldsSchema`; `mapping` as JSON);
 * it needs the multipart parser the reports' routes register. A new list queues the re-pricing of the
 * inventories an earlier version of the same supplier's list feeds (inventories' supplier-reprice.ts).
 */
export function registerSupplierRoutes(
  app: App,
  { db, guard, queue }: { db: Db; guard: Guard; queue: JobQueue },
) {
  registerGuardedScope(app, guard, missing, (scope) => {
    scope.get(
      '/api/suppliers',
      { schema: { response: { 200: suppliersResponseSchema, ...guardedErrors(429) } } },
      (request) => listSuppliers(db, callerOf(request).userId),
    );
    scope.get(
      '/api/supplier-lists',
      { schema: { response: { 200: supplierListsResponseSchema, ...guardedErrors(429) } } },
      (request) => listSupplierLists(db, callerOf(request).userId),
    );
    scope.post(
      '/api/supplier-lists',
      { schema: { response: { 201: supplierListSchema, ...guardedErrors(400, 429) } } },
      async (request, reply) => {
        if (!request.isMultipart()) throw fieldError('file', 'validation.supplier.fileRequired');
        const { userId, account } = callerOf(request);
        const upload = await readSupplierUpload(request);
        // A form is read here, past the hook that refuses U+0000 in parsed bodies (http/nul-bytes.ts).
        refuseNul(upload.fields);
        const fields = supplierListFieldsSchema.safeParse(upload.fields);
        if (!fields.success) throw zodFieldErrors(fields.error);
        const list = await createSupplierList(db, userId, fields.data, upload, account.plan.sendLimit);
        // A new version of the supplier's list re-prices the inventories it feeds (after the commit;
        // a list of a new supplier feeds none, and the job finds nothing to do).
        await queue.send(JOB_NAMES.repriceFromSupplierList, { user_id: userId, list_id: list.id });
        return reply.status(201).send(list);
      },
    );
    scope.get(
      '/api/supplier-lists/:id',
      { schema: { params, response: { 200: supplierListSchema, ...guardedErrors(404, 429) } } },
      async (request) => {
        const list = await findSupplierList(db, callerOf(request).userId, request.params.id);
        if (!list) throw missing();
        return list;
      },
    );
    scope.delete(
      '/api/supplier-lists/:id',
      { schema: { params, response: { 204: noContentSchema, ...guardedErrors(404, 429) } } },
      async (request, reply) => {
        if (!(await deleteSupplierList(db, callerOf(request).userId, request.params.id))) throw missing();
        return reply.status(204).send();
      },
    );
  });
}
