import { devMailboxSchema, rawBodySchema } from '@crossmarket/domain';
import { desc } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import net from 'node:net';
import type { App } from './app-type';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';
import { sendError } from './errors';

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const LOOPBACK = new net.BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** 127.0.0.0/8, ::1, or an IPv4 loopback written as IPv6 (`::ffff:127.0.0.1`). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (v4 || net.isIPv4(address)) return LOOPBACK.check(v4 ?? address, 'ipv4');
  return net.isIPv6(address) && LOOPBACK.check(address, 'ipv6');
}

/**
 * Whether this request may read the outbox: a client on this machine — `request.ip`, which follows
 * TRUST_PROXY, so a visitor behind the deployment's proxy is the visitor's address, not the proxy's —
 * or anyone on a public demo (`DEMO=true`).
 */
export const mailboxOpenTo = (request: FastifyRequest, demo: boolean) => demo || isLoopback(request.ip);

/**
 * Development only: the outbox, so a sign-up can be completed without a mail server. It holds every
 * activation, sign-in and recovery link, so only loopback clients see it (others get 404, as if it were
 * not there) unless `demo` (DEMO=true) opens it to all.
 */
export function registerDevMailbox(app: App, db: Db, { demo = false }: { demo?: boolean } = {}) {
  const hidden = async (request: FastifyRequest, reply: Parameters<typeof sendError>[0]) => {
    if (!mailboxOpenTo(request, demo)) return sendError(reply, 404, 'not_found', 'Not found');
  };
  const latest = () =>
    db
      .select({
        to: mailOutbox.to,
        subject: mailOutbox.subject,
        text: mailOutbox.text,
        html: mailOutbox.html,
        created_at: mailOutbox.createdAt,
      })
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.id))
      .limit(100);

  app.get(
    '/dev/mailbox.json',
    { schema: { response: { 200: devMailboxSchema } }, onRequest: hidden },
    async () => latest(),
  );

  app.get(
    '/dev/mailbox',
    { schema: { response: { 200: rawBodySchema('The outbox as an HTML page.') } }, onRequest: hidden },
    async (_request, reply) => {
      const mails = await latest();
      const items = mails
        .map(
          (
            m,
          ) => `<article><h2>${escapeHtml(m.subject)}</h2><p>To <b>${escapeHtml(m.to)}</b> · ${m.created_at.toISOString()}</p>
<pre>${escapeHtml(m.text).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>')}</pre></article>`,
        )
        .join('<hr>');
      return reply
        .type('text/html')
        .send(
          `<!doctype html><html><head><meta charset="utf-8"><title>Crossmarket - Mailbox</title><style>body{font-family:sans-serif;max-width:760px;margin:24px auto;padding:0 16px}pre{white-space:pre-wrap}</style></head><body><h1>Development mailbox</h1>${items || '<p>No mail yet.</p>'}</body></html>`,
        );
    },
  );
}
