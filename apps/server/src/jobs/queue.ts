import type PgBoss from 'pg-boss';
import { jobPayloadSchemas, type JobName, type JobPayload } from '@crossmarket/domain';

/** What request handlers need of the queue: enqueue a validated job. */
export interface JobQueue {
  send<N extends JobName>(name: N, data: JobPayload<N>): Promise<string | null>;
}

export function pgBossQueue(boss: PgBoss): JobQueue {
  return {
    send: (name, data) => boss.send(name, jobPayloadSchemas[name].parse(data) as object),
  };
}
