import {
  adminActionResultSchema,
  adminActionSchema,
  adminTicketSchema,
  adminTicketsPageSchema,
  adminTicketsQuerySchema,
  ticketReplySchema,
  adminExtendSchema,
  adminAuditPageSchema,
  adminAuditQuerySchema,
  adminRoleSchema,
  adminSuspendSchema,
  adminUserDetailSchema,
  adminUserParamsSchema,
  adminUsersPageSchema,
  adminUsersQuerySchema,
} from '@crossmarket/domain';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { App } from '../../http/app-type';
import { callerOf, idParams } from '../../http/guarded-scope';
import { errors } from '../../http/responses';
import type { JobQueue } from '../../jobs/queue';
import type { PaymentsProvider } from '../../providers/payments/types';
import type { Auth, Guard } from '../auth';
import { listAudit } from './audit';
import { consoleNotFound, registerOperatorScope } from './operator-scope';
import { closeTicket, replyToTicket } from './tickets/answer-ticket';
import { listTickets } from './tickets/list-tickets';
import { findTicket, ticketThread } from './tickets/ticket-thread';
import { endSessions } from './users/end-sessions';
import { extendSubscription } from './users/extend-subscription';
import { listUsers } from './users/list-users';
import { resendActivation } from './users/resend-activation';
import { setRole } from './users/set-role';
import { setSuspended } from './users/suspend-user';
import { findTarget } from './users/target';
import { userDetail } from './users/user-detail';
import { registerWorkRoutes } from './work-routes';

export interface AdminDeps {
  db: Db;
  auth: Auth;
  guard: Guard;
  queue: JobQueue;
  payments: PaymentsProvider;
  appUrl: string;
  config: Config;
}

const BODY_LIMIT = 16 * 1024;
// better-auth's user ids are not UUIDs (guarded-scope.ts checks only `:id`); an unknown one is a 404.
const params = adminUserParamsSchema;
// Whoever is not an operator gets 404 from the scope; an operator may still send a bad body or id.
const actionResponses = { 200: adminActionResultSchema, ...errors(400, 404, 409) };

/** `/api/admin/*`: the operator console's calls, every one behind the operator guard (operator-scope.ts). */
export function registerAdminRoutes(
  app: App,
  { db, auth, guard, queue, payments, appUrl, config }: AdminDeps,
) {
  const target = async (id: string) => {
    const found = await findTarget(db, id);
    if (!found) throw consoleNotFound();
    return found;
  };
  const ticket = async (id: string) => {
    const found = await findTicket(db, id);
    if (!found) throw consoleNotFound();
    return found;
  };
  const done = (auditId: number) => ({ result: true as const, audit_id: auditId });

  registerOperatorScope(app, guard, (scope) => {
    scope.get(
      '/api/admin/users',
      {
        schema: {
          querystring: adminUsersQuerySchema,
          response: { 200: adminUsersPageSchema, ...errors(400, 404) },
        },
      },
      (request) => listUsers(db, request.query),
    );

    scope.get(
      '/api/admin/users/:userId',
      { schema: { params, response: { 200: adminUserDetailSchema, ...errors(404) } } },
      async (request) => {
        const found = await userDetail(db, request.params.userId);
        if (!found) throw consoleNotFound();
        return found;
      },
    );

    scope.post(
      '/api/admin/users/:userId/suspension',
      { schema: { params, body: adminSuspendSchema, response: actionResponses }, bodyLimit: BODY_LIMIT },
      async (request) =>
        done(
          await setSuspended(
            { db, queue },
            callerOf(request),
            await target(request.params.userId),
            request.body,
          ),
        ),
    );

    scope.post(
      '/api/admin/users/:userId/end-sessions',
      { schema: { params, body: adminActionSchema, response: actionResponses }, bodyLimit: BODY_LIMIT },
      async (request) =>
        done(await endSessions(db, callerOf(request), await target(request.params.userId), request.body)),
    );

    scope.post(
      '/api/admin/users/:userId/resend-activation',
      { schema: { params, body: adminActionSchema, response: actionResponses }, bodyLimit: BODY_LIMIT },
      async (request) =>
        done(
          await resendActivation(
            { db, auth },
            callerOf(request),
            await target(request.params.userId),
            request.body,
          ),
        ),
    );

    scope.post(
      '/api/admin/users/:userId/role',
      { schema: { params, body: adminRoleSchema, response: actionResponses }, bodyLimit: BODY_LIMIT },
      async (request) =>
        done(await setRole(db, callerOf(request), await target(request.params.userId), request.body)),
    );

    scope.post(
      '/api/admin/users/:userId/extend',
      { schema: { params, body: adminExtendSchema, response: actionResponses }, bodyLimit: BODY_LIMIT },
      async (request) =>
        done(
          await extendSubscription(
            { db, payments },
            callerOf(request),
            await target(request.params.userId),
            request.body,
          ),
        ),
    );

    scope.get(
      '/api/admin/tickets',
      {
        schema: {
          querystring: adminTicketsQuerySchema,
          response: { 200: adminTicketsPageSchema, ...errors(400, 404) },
        },
      },
      (request) => listTickets(db, request.query),
    );

    scope.get(
      '/api/admin/tickets/:id',
      { schema: { params: idParams, response: { 200: adminTicketSchema, ...errors(404) } } },
      async (request) => {
        const found = await ticketThread(db, request.params.id);
        if (!found) throw consoleNotFound();
        return found;
      },
    );

    scope.post(
      '/api/admin/tickets/:id/reply',
      {
        schema: { params: idParams, body: ticketReplySchema, response: actionResponses },
        bodyLimit: 64 * 1024,
      },
      async (request) =>
        done(
          await replyToTicket(
            { db, queue, appUrl },
            callerOf(request),
            await ticket(request.params.id),
            request.body.message,
          ),
        ),
    );

    scope.post(
      '/api/admin/tickets/:id/close',
      {
        schema: { params: idParams, body: adminActionSchema, response: actionResponses },
        bodyLimit: BODY_LIMIT,
      },
      async (request) =>
        done(await closeTicket(db, callerOf(request), await ticket(request.params.id), request.body.reason)),
    );

    scope.get(
      '/api/admin/audit',
      {
        schema: {
          querystring: adminAuditQuerySchema,
          response: { 200: adminAuditPageSchema, ...errors(400, 404) },
        },
      },
      (request) => listAudit(db, request.query),
    );

    registerWorkRoutes(scope, { db, queue, config });
  });
}
