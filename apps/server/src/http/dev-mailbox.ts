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

/** Headers a reverse proxy adds to say who its client was. */
const PROXY_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

export interface DevPagesAccess {
  /** DEMO=true: a public demo, where no mail is anybody's real one. */
  demo: boolean;
  /** TRUST_PROXY is set: `request.ip` is then the visitor the trusted proxy names. */
  proxyTrusted: boolean;
}

/**
 * Whether this request may see the development pages (the outbox, the sandbox store): a client on this
 * machine — `request.ip`, which follows TRUST_PROXY — or anyone on a public demo. With no proxy trusted,
 * a request a proxy forwarded (it says whom for) is refused: from a proxy on this machine the peer looks
 * local whoever the visitor is (issue 57).
 */
export function devPagesOpenTo(request: FastifyRequest, { demo, proxyTrusted }: DevPagesAccess): boolean {
  if (demo) return true;
  if (!proxyTrusted && PROXY_HEADERS.some((h) => request.headers[h] !== undefined)) return false;
  return isLoopback(request.ip);
}

/** A route's onRequest hook answering 404 (as if the page were not there) to whom it is not open. */
export const hiddenFrom =
  (access: DevPagesAccess) => async (request: FastifyRequest, reply: Parameters<typeof sendError>[0]) => {
    if (!devPagesOpenTo(request, access)) return sendError(reply, 404, 'not_found', 'Not found');
  };

/**
 * Development only (DEV_PAGES=true): the outbox, so a sign-up can be completed without a mail server. It
 * holds every activation, sign-in and recovery link, so only this machine's clients see it (others get
 * 404, as if it were not there) unless DEMO=true opens it to all.
 */
export function registerDevMailbox(app: App, db: Db, access: DevPagesAccess) {
  const hidden = hiddenFrom(access);
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
