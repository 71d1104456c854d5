import {
  adminActionResultSchema,
  adminActionSchema,
  adminRetryJobSchema,
  adminRunScheduleSchema,
  adminScheduleParamsSchema,
  adminSystemSchema,
  adminWorkSchema,
} from '@crossmarket/domain';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { App } from '../../http/app-type';
import { callerOf, idParams } from '../../http/guarded-scope';
import { errors } from '../../http/responses';
import type { JobQueue } from '../../jobs/queue';
import { systemOverview } from './system/system-overview';
import { cancelReport } from './work/cancel-report';
import { retryJob } from './work/retry-job';
import { runSchedule } from './work/run-schedule';
import { workOverview } from './work/work-overview';

const BODY_LIMIT = 16 * 1024;
const actionResponses = { 200: adminActionResultSchema, ...errors(400, 404, 409) };
const done = (auditId: number) => ({ result: true as const, audit_id: auditId });

/** The Work and System pages' calls; registered inside the operator scope by routes.ts. */
export function registerWorkRoutes(
  scope: App,
  { db, queue, config }: { db: Db; queue: JobQueue; config: Config },
) {
  scope.get('/api/admin/work', { schema: { response: { 200: adminWorkSchema, ...errors(404) } } }, () =>
    workOverview(db),
  );

  scope.post(
    '/api/admin/reports/:id/cancel',
    {
      schema: { params: idParams, body: adminActionSchema, response: actionResponses },
      bodyLimit: BODY_LIMIT,
    },
    async (request) => done(await cancelReport(db, callerOf(request), request.params.id, request.body)),
  );

  scope.post(
    '/api/admin/jobs/:id/retry',
    {
      schema: { params: idParams, body: adminRetryJobSchema, response: actionResponses },
      bodyLimit: BODY_LIMIT,
    },
    async (request) =>
      done(await retryJob({ db, queue }, callerOf(request), request.params.id, request.body)),
  );

  scope.post(
    '/api/admin/schedules/:name/run',
    {
      schema: { params: adminScheduleParamsSchema, body: adminRunScheduleSchema, response: actionResponses },
      bodyLimit: BODY_LIMIT,
    },
    async (request) =>
      done(await runSchedule({ db, queue }, callerOf(request), request.params.name, request.body)),
  );

  scope.get('/api/admin/system', { schema: { response: { 200: adminSystemSchema, ...errors(404) } } }, () =>
    systemOverview(db, config),
  );
}
