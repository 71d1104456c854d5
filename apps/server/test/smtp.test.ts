import { JOB_NAMES } from '@crossmarket/domain';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/db/embedded';
import { startWorker, type Worker } from '../src/jobs/worker';
import { createLogger } from '../src/logger';
import { createMailTransport } from '../src/providers/mail/transport';
import { renderMail } from '../src/features/mail/templates';
import { testConfig } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/db';

let database: TestDatabase;
let worker: Worker;
let server: SMTPServer;
let port: number;
const received: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  port = await freePort();
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      let data = '';
      stream.on('data', (c: Buffer) => (data += c.toString()));
      stream.on('end', () => {
        received.push(data);
        callback();
      });
    },
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  const config = testConfig({
    MAIL_TRANSPORT: 'smtp',
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    MAIL_FROM: 'Crossmarket <hello@crossmarket.test>',
  });
  const logger = createLogger(config);
  worker = await startWorker({
    url: database.url,
    db: database.db,
    logger,
    mail: createMailTransport(config, database.db, logger),
  });
});

afterAll(async () => {
  await worker.stop();
  await new Promise<void>((r) => server.close(() => r()));
  await database.destroy();
});

describe('SMTP delivery', () => {
  it('delivers a queued mail to a real SMTP server, as HTML and text', async () => {
    await worker.boss.send(
      JOB_NAMES.sendMail,
      renderMail('magic', 'en', 'reader@example.com', 'http://localhost:3999/x'),
    );
    for (let i = 0; i < 200 && received.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(received).toHaveLength(1);
    expect(received[0]).toContain('Subject: Your Crossmarket sign-in link');
    expect(received[0]).toContain('From: Crossmarket <hello@crossmarket.test>');
    expect(received[0]).toContain('text/html');
    expect(received[0]).toContain('text/plain');
  });

  it('fails the delivery when the server is unreachable, so the queue retries the job', async () => {
    const down = createMailTransport(
      testConfig({ MAIL_TRANSPORT: 'smtp', SMTP_URL: `smtp://127.0.0.1:${await freePort()}` }),
      database.db,
      createLogger({ LOG_LEVEL: 'silent', NODE_ENV: 'test' }),
    );
    await expect(down.deliver(renderMail('verify', 'en', 'a@example.com', 'http://x'))).rejects.toThrow();
  });
});
