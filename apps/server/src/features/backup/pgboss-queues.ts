import type pg from 'pg';

export const QUEUE_TABLE = 'pgboss.queue';

/**
 * pg-boss 10 keeps each queue's jobs in a partition of `pgboss.job` that `pgboss.create_queue` makes with
 * its own indexes and checks. So the backup's queue rows are loaded into a temporary table and each queue is
 * made again through that function (a dead-letter queue before the queues naming it), then given back its
 * dates; the jobs then land in their partitions.
 */
export async function loadQueues(client: pg.Client): Promise<void> {
  for (;;) {
    const { rowCount } = await client.query(`
      select pgboss.create_queue(r.name, json_build_object(
               'policy', r.policy, 'retryLimit', r.retry_limit, 'retryDelay', r.retry_delay,
               'retryBackoff', r.retry_backoff, 'expireInSeconds', r.expire_seconds,
               'retentionMinutes', r.retention_minutes, 'deadLetter', r.dead_letter))
        from pg_temp.restore_queue r
       where not exists (select 1 from pgboss.queue q where q.name = r.name)
         and (r.dead_letter is null or exists (select 1 from pgboss.queue d where d.name = r.dead_letter))`);
    if (!rowCount) break;
  }
  const { rows } = await client.query<{ name: string }>(`
    select r.name from pg_temp.restore_queue r
     where not exists (select 1 from pgboss.queue q where q.name = r.name)`);
  if (rows.length > 0)
    throw new Error(`queues whose dead-letter queue is missing: ${rows.map((r) => r.name).join(', ')}`);
  await client.query(`
    update pgboss.queue q set created_on = r.created_on, updated_on = r.updated_on
      from pg_temp.restore_queue r where q.name = r.name`);
}
