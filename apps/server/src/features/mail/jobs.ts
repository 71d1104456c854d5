import { JOB_NAMES } from '@crossmarket/domain';
import type { JobHandlers } from '../../jobs/types';
import { linkMailJobs } from './link-mail';

/** Mail leaves through a job: pg-boss retries with backoff, so a slow or failing SMTP server never fails a request. */
export const mailJobs: JobHandlers = {
  [JOB_NAMES.sendMail]: async (mail, ctx) => ctx.mail.deliver(mail),
  ...linkMailJobs,
};
