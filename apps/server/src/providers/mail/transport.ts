import nodemailer from 'nodemailer';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import type { Logger } from '../../logger';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Where mail goes: the outbox table (default, development) or a real SMTP server. */
export interface MailTransport {
  deliver(mail: Mail): Promise<void>;
}

export function outboxTransport(db: Db, logger: Logger): MailTransport {
  return {
    async deliver(mail) {
      await db.insert(mailOutbox).values(mail);
      logger.info({ to: mail.to, subject: mail.subject }, 'mail stored in the outbox (see /dev/mailbox)');
    },
  };
}

export function smtpTransport(url: string, from: string, logger: Logger): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    async deliver(mail) {
      const info = await transporter.sendMail({ from, ...mail });
      logger.info({ to: mail.to, subject: mail.subject, messageId: info.messageId }, 'mail sent');
    },
  };
}

export function createMailTransport(config: Config, db: Db, logger: Logger): MailTransport {
  return config.MAIL_TRANSPORT === 'smtp'
    ? smtpTransport(config.SMTP_URL!, config.MAIL_FROM, logger)
    : outboxTransport(db, logger);
}
