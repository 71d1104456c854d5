import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { once } from 'node:events';
import {
  rawBodySchema,
  reportCreatedSchema,
  reportCreationSchema,
  reportDetailSchema,
  reportListSchema,
} from '@crossmarket/domain';
import { z } from 'zod';
import type { App } from '../../http/app-type';
import type { Db } from '../../db/client';
import { apiError, fieldError, notFound, zodFieldErrors } from '../../http/errors';
import { nulPath, refuseNul } from '../../http/nul-bytes';
import { callerOf, registerGuardedScope } from '../../http/guarded-scope';
import { guardedErrors } from '../../http/responses';
import type { JobQueue } from '../../jobs/queue';
import type { Logger } from '../../logger';
import type { SourcedRateTable } from '../../providers/rates/types';
import type { Guard } from '../auth';
import type { AuthorisationPolicy } from '../amazon';
import { supplierReportInfo } from '../suppliers';
import { createReport } from './create-report';
import { findReport, findReportProgress, listReports, progressOf, reportDetail, stillMoving } from './repo';
import { readListingsUpload, type ListingsUpload } from './upload';

export const UPLOAD_LIMIT_MB = 20;
const EVENTS_POLL_MS = 1000;
const params = z.object({ id: z.uuid({ error: 'This report was not found.' }) });
const missing = () => notFound('This report was not found.');

export interface ReportRouteDeps {
  db: Db;
  guard: Guard;
  queue: JobQueue;
  logger: Logger;
  rates: () => Promise<SourcedRateTable>;
  /** Which regions need the seller's own Amazon authorisation (`authorisationPolicy(config)`). */
  authorisation?: AuthorisationPolicy;
}

/**
 * The uploaded All Listings Report: one .txt file, read and counted while it streams (`upload.ts`), never
 * buffered whole. Past the plan's send limit the file is only drained and the answer is the send-limit
 * check's. Its SKUs are kept for the export.
 */
async function readUpload(request: FastifyRequest, sendLimit: number) {
  const fields: Record<string, string> = {};
  let file: { name: string; upload: ListingsUpload | null } | undefined;
  try {
    for await (const part of request.parts({
      limits: { files: 1, fields: 10, fileSize: UPLOAD_LIMIT_MB * 1024 * 1024 },
    })) {
      if (part.type === 'file') {
        if (file) throw fieldError('file', 'validation.report.oneFile');
        if (!/\.txt$/i.test(part.filename)) {
          part.file.resume(); // drained, unread
          await once(part.file, 'end');
          file = { name: part.filename, upload: null };
        } else {
          file = { name: part.filename, upload: await readListingsUpload(part.file, sendLimit) };
        }
        if (part.file.truncated)
          throw Object.assign(new Error('too large'), { code: 'FST_REQ_FILE_TOO_LARGE' });
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw fieldError('file', 'validation.report.fileTooLarge', { mb: UPLOAD_LIMIT_MB });
    if (code === 'FST_FILES_LIMIT') throw fieldError('file', 'validation.report.oneFile');
    throw error;
  }
  if (!file) throw fieldError('file', 'validation.report.fileRequired');
  if (!file.upload) throw fieldError('file', 'validation.report.fileType');
  if (file.upload.problem === 'binary') throw fieldError('file', 'validation.report.fileBinary');
  if (file.upload.overLimit) {
    throw fieldError('product_ids', 'validation.report.tooMany', { count: sendLimit });
  }
  const { skus } = file.upload;
  return { fields, productIds: [...skus.keys()].join('\n'), skus: Object.fromEntries(skus) };
}

/** Live progress streams one user may hold open on one server (each polls the database once a second). */
export const STREAMS_PER_USER = 5;

export async function registerReportRoutes(app: App, deps: ReportRouteDeps) {
  const { db, guard } = deps;
  await app.register(multipart);

  // Open event streams: counted per user, and ended when the server stops (a hijacked response would
  // otherwise keep it waiting for the report to finish).
  const streamsOf = new Map<string, number>();
  const stops = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const stop of stops) stop();
  });

  registerGuardedScope(app, guard, missing, (scope) => {
    scope.get(
      '/api/reports',
      { schema: { response: { 200: reportListSchema, ...guardedErrors(429) } } },
      async (request) => listReports(db, callerOf(request).userId),
    );

    // JSON `{ title, from_country, to_country, marketplace, source: "manual", product_ids }`, or multipart
    // with the same fields, `source: "amazon_all_listings_report"` and one .txt file.
    const created = { 201: reportCreatedSchema, ...guardedErrors(400, 409, 429) };
    scope.post(
      '/api/reports',
      { schema: { response: created }, bodyLimit: 4 * 1024 * 1024 },
      async (request, reply) => {
        const { userId } = callerOf(request);
        let body: unknown = request.body;
        let skus: Record<string, string> | null = null;
        if (request.isMultipart()) {
          const upload = await readUpload(request, callerOf(request).account.plan.sendLimit);
          // A form is read here, past the hook that refuses U+0000 in parsed bodies (http/nul-bytes.ts).
          refuseNul(upload.fields);
          if (nulPath([upload.productIds, upload.skus]) !== null) {
            throw fieldError('file', 'validation.nulCharacter');
          }
          body = { ...upload.fields, source: 'amazon_all_listings_report', product_ids: upload.productIds };
          skus = upload.skus;
        }
        const parsed = reportCreationSchema.safeParse(body ?? {});
        if (!parsed.success) throw zodFieldErrors(parsed.error);
        if (parsed.data.source === 'amazon_all_listings_report' && !request.isMultipart()) {
          throw fieldError('file', 'validation.report.fileRequired');
        }
        const created = await createReport(deps, userId, { ...parsed.data, skus });
        return reply.status(201).send(created);
      },
    );

    const detail = { 200: reportDetailSchema, ...guardedErrors(404, 429) };
    scope.get('/api/reports/:id', { schema: { params, response: detail } }, async (request) => {
      const report = await findReport(db, callerOf(request).userId, request.params.id);
      if (!report) throw missing();
      return { ...reportDetail(report), supplier: await supplierReportInfo(db, report) };
    });

    // Server-sent events: `progress` whenever the progress moves, until the report is finalized or cancelled
    // and its restriction phase (if any) is over.
    // The stream is written by hand (the reply is hijacked): its schema documents the route.
    const stream = rawBodySchema(
      "text/event-stream: `progress` events whose data is the report's progress (ReportProgressEvent) as JSON.",
    );
    const events = { 200: stream, ...guardedErrors(404, 429) };
    scope.get('/api/reports/:id/events', { schema: { params, response: events } }, async (request, reply) => {
      const { userId } = callerOf(request);
      const first = await findReportProgress(db, userId, request.params.id);
      if (!first) throw missing();
      const open = streamsOf.get(userId) ?? 0;
      if (open >= STREAMS_PER_USER) {
        throw apiError(429, 'too_many_streams', 'apiErrors.tooManyStreams', { retryAfterSeconds: 10 });
      }
      streamsOf.set(userId, open + 1);
      let closed = false;
      let wake: (() => void) | undefined;
      const stop = () => {
        closed = true;
        wake?.();
      };
      stops.add(stop);
      request.raw.on('close', stop);
      try {
        reply.hijack();
        const raw = reply.raw;
        raw.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store',
          connection: 'keep-alive',
          'x-accel-buffering': 'no',
          'x-request-id': request.id,
        });
        let last = '';
        let report = first;
        for (let ticks = 0; !closed; ticks++) {
          const progress = JSON.stringify(progressOf(report));
          if (progress !== last) {
            raw.write(`event: progress\ndata: ${progress}\n\n`);
            last = progress;
          } else if (ticks % 15 === 0) {
            raw.write(': keep-alive\n\n');
          }
          if (!stillMoving(report)) break;
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, EVENTS_POLL_MS);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          if (closed) break;
          const next = await findReportProgress(db, userId, first.id).catch(() => undefined);
          if (!next) break;
          report = next;
        }
        raw.end();
      } finally {
        stops.delete(stop);
        const left = (streamsOf.get(userId) ?? 1) - 1;
        if (left > 0) streamsOf.set(userId, left);
        else streamsOf.delete(userId);
      }
    });
  });
}
