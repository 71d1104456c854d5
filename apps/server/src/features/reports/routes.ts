import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { parseAllListingsReport, reportCreationSchema } from '@crossmarket/domain';
import { z } from 'zod';
import type { App } from '../../app';
import type { Db } from '../../db/client';
import { fieldError, notFound, zodFieldErrors } from '../../http/errors';
import type { JobQueue } from '../../jobs/queue';
import type { Logger } from '../../logger';
import type { RateTable } from '../../providers/rates/types';
import type { Guard } from '../auth/guard';
import { createReport } from './create-report';
import { findReport, listReports, progressOf, reportDetail } from './repo';

export const UPLOAD_LIMIT_MB = 20;
const EVENTS_POLL_MS = 1000;
const params = z.object({ id: z.uuid({ error: 'This report was not found.' }) });

export interface ReportRouteDeps {
  db: Db;
  guard: Guard;
  queue: JobQueue;
  logger: Logger;
  rates: () => Promise<RateTable>;
}

/** The uploaded All Listings Report: one .txt file of text; its SKUs are kept for the export. */
async function readUpload(request: FastifyRequest) {
  const fields: Record<string, string> = {};
  let file: { name: string; data: Buffer } | undefined;
  try {
    for await (const part of request.parts({
      limits: { files: 1, fields: 10, fileSize: UPLOAD_LIMIT_MB * 1024 * 1024 },
    })) {
      if (part.type === 'file') {
        if (file) throw fieldError('file', 'validation.report.oneFile');
        file = { name: part.filename, data: await part.toBuffer() };
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
  if (!/\.txt$/i.test(file.name)) throw fieldError('file', 'validation.report.fileType');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(file.data);
  } catch {
    throw fieldError('file', 'validation.report.fileBinary');
  }
  if (text.includes('\u0000')) throw fieldError('file', 'validation.report.fileBinary');
  const { ids, skus } = parseAllListingsReport(text);
  return { fields, productIds: ids.join('\n'), skus };
}

export async function registerReportRoutes(app: App, deps: ReportRouteDeps) {
  const { db, guard } = deps;
  await app.register(multipart);

  app.get('/api/reports', async (request) => {
    const { userId } = await guard(request);
    return listReports(db, userId);
  });

  // JSON `{ title, from_country, to_country, marketplace, source: "manual", product_ids }`, or multipart
  // with the same fields, `source: "amazon_all_listings_report"` and one .txt file.
  app.post('/api/reports', { bodyLimit: 4 * 1024 * 1024 }, async (request, reply) => {
    const { userId } = await guard(request);
    let body: unknown = request.body;
    let skus: Record<string, string> | null = null;
    if (request.isMultipart()) {
      const upload = await readUpload(request);
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
  });

  app.get('/api/reports/:id', { schema: { params } }, async (request) => {
    const { userId } = await guard(request);
    const report = await findReport(db, userId, request.params.id);
    if (!report) throw notFound('This report was not found.');
    return reportDetail(report);
  });

  // Server-sent events: `progress` whenever done_size moves, until the report is finalized or cancelled.
  app.get('/api/reports/:id/events', { schema: { params } }, async (request, reply) => {
    const { userId } = await guard(request);
    const first = await findReport(db, userId, request.params.id);
    if (!first) throw notFound('This report was not found.');
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-request-id': request.id,
    });
    let closed = false;
    request.raw.on('close', () => (closed = true));
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
      if (report.finalized || report.doneSize === -1) break;
      await new Promise((resolve) => setTimeout(resolve, EVENTS_POLL_MS));
      const next = await findReport(db, userId, first.id).catch(() => undefined);
      if (!next) break;
      report = next;
    }
    raw.end();
  });
}
