import type PgBoss from 'pg-boss';
import { jobPayloadSchemas, type JobName, type JobPayload } from '@crossmarket/domain';

/** What request handlers need of the queue: enqueue a validated job. */
export interface JobQueue {
  /** With `singletonKey`, a job already queued under that key is not queued again. */
  send<N extends JobName>(
    name: N,
    data: JobPayload<N>,
    options?: { singletonKey?: string },
  ): Promise<string | null>;
}

export function pgBossQueue(boss: PgBoss): JobQueue {
  return {
    send: (name, data, options) =>
      boss.send(name, jobPayloadSchemas[name].parse(data) as object, options ?? {}),
  };
}
