import { devMailboxSchema, rawBodySchema } from '@crossmarket/domain';
import { desc } from 'drizzle-orm';
import type { App } from './app-type';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Development only: the outbox, so a sign-up can be completed without a mail server. */
export function registerDevMailbox(app: App, db: Db) {
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

  app.get('/dev/mailbox.json', { schema: { response: { 200: devMailboxSchema } } }, async () => latest());

  app.get(
    '/dev/mailbox',
    { schema: { response: { 200: rawBodySchema('The outbox as an HTML page.') } } },
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
