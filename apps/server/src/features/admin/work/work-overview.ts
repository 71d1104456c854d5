import {
  ADMIN_RUNNABLE_SCHEDULES,
  ADMIN_SCHEDULED_JOBS,
  JOB_NAMES,
  JOB_SCHEDULES,
  type AdminWorkInput,
} from '@crossmarket/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { SPAPI_LIMITS, type SpapiOperation } from '../../../providers/marketplace/spapi/pacing';

/** How many failed jobs and running reports the page lists (newest first). */
const LIST_LIMIT = 50;
/** An error's message as the page shows it: its first line, cut short (a stack never leaves the server). */
const ERROR_CHARS = 300;

const n = (value: unknown) => Number(value ?? 0);

/**
 * The queues from pg-boss's own tables in one grouped query. pg-boss 10 keeps jobs in `pgboss.job` (one
 * partition per queue; `state` an enum created < retry < active < completed < cancelled < failed) and
 * moves finished ones to `pgboss.archive` after 12 hours (its default), failed ones included: the day's
 * failures are counted over both, the last hour's completions from `job`. Every queue the app knows is
 * listed, with zeros when it has no rows.
 */
async function queues(db: Db): Promise<AdminWorkInput['queues']> {
  const rows = await db.execute<Record<string, unknown>>(sql`
    select name,
           count(*) filter (where state in ('created', 'retry')) as waiting,
           count(*) filter (where state = 'active') as running,
           count(*) filter (where state = 'failed' and completed_on > now() - interval '24 hours') as failed,
           count(*) filter (where state = 'completed' and completed_on > now() - interval '1 hour') as completed
      from (select name, state, completed_on from pgboss.job
            union all
            -- Archived after it failed, so within the day it was archived within the day (archive_i1).
            select name, state, completed_on from pgboss.archive
             where state = 'failed' and archived_on > now() - interval '24 hours') jobs
     group by name`);
  const byName = new Map(rows.rows.map((r) => [String(r.name), r]));
  return Object.values(JOB_NAMES).map((name) => {
    const r = byName.get(name);
    return {
      name,
      waiting: n(r?.waiting),
      running: n(r?.running),
      failed: n(r?.failed),
      completed_last_hour: n(r?.completed),
    };
  });
}

/** Failed jobs still in `pgboss.job`: the ones pg-boss can retry (an archived job cannot be). */
async function failedJobs(db: Db): Promise<AdminWorkInput['failed_jobs']> {
  // The payload (`data`) is never read: it holds ids only, but the page has no need of it.
  const rows = await db.execute<{ name: string; id: string; completed_on: Date; message: string | null }>(sql`
    select name, id::text, completed_on,
           coalesce(output->>'message', output->'value'->>'message', output->>'value') as message
      from pgboss.job
     where state = 'failed'
     order by completed_on desc nulls last
     limit ${LIST_LIMIT}`);
  return rows.rows.map((r) => ({
    queue: r.name,
    id: r.id,
    failed_at: new Date(r.completed_on),
    error: r.message ? r.message.split('\n')[0]!.slice(0, ERROR_CHARS) : null,
  }));
}

/** Reports being looked up: not finalized, not cancelled (done_size -1), oldest first. */
async function runningReports(db: Db): Promise<AdminWorkInput['running_reports']> {
  const rows = await db.execute<Record<string, unknown>>(sql`
    select r.id, r.title, r.user_id, u.email, r.done_size, r.size, r.created_at
      from reports r join "user" u on u.id = r.user_id
     where not r.finalized and r.done_size <> -1
     order by r.created_at
     limit ${LIST_LIMIT}`);
  // `size` and `done_size` count lookups, two per product (one a side).
  return rows.rows.map((r) => ({
    id: String(r.id),
    title: String(r.title),
    owner_id: String(r.user_id),
    owner_email: String(r.email),
    processed: Math.floor(n(r.done_size) / 2),
    total: Math.floor(n(r.size) / 2),
    created_at: new Date(r.created_at as string),
  }));
}

/** An operation's documented allowance over an hour (the rate Amazon announces may differ). */
const hourly = (operation: string) => {
  const limits = SPAPI_LIMITS[operation as SpapiOperation] as { rate: number } | undefined;
  return limits ? limits.rate * 3600 : undefined;
};

/**
 * Sellers' authorisations (state only: the sealed token columns are never selected) with the calls the
 * SP-API client counted in `spapi_calls` over the last hour. Utilisation is the busiest operation's share
 * of its documented hourly allowance.
 */
async function amazon(db: Db): Promise<AdminWorkInput['amazon']> {
  const [connections, calls] = await Promise.all([
    db.execute<Record<string, unknown>>(sql`
      select c.user_id, u.email, c.region, c.selling_partner_id, c.status, c.revoked_at
        from amazon_connections c join "user" u on u.id = c.user_id
       order by c.status, u.email, c.region`),
    db.execute<{ user_id: string; region: string; operation: string; calls: string; throttled: string }>(sql`
      select user_id, region, operation, sum(calls) as calls, sum(throttled) as throttled
        from spapi_calls
       where minute >= date_trunc('minute', now()) - interval '59 minutes'
       group by user_id, region, operation`),
  ]);
  return connections.rows.map((c) => {
    const mine = calls.rows.filter((r) => r.user_id === c.user_id && r.region === c.region);
    const shares = mine.flatMap((r) => {
      const allowance = hourly(r.operation);
      return allowance ? [n(r.calls) / allowance] : [];
    });
    return {
      owner_id: String(c.user_id),
      owner_email: String(c.email),
      region: String(c.region),
      selling_partner_id: String(c.selling_partner_id),
      status: c.status === 'revoked' ? 'revoked' : 'connected',
      revoked_at: c.revoked_at ? new Date(c.revoked_at as string) : null,
      calls_last_hour: mine.reduce((sum, r) => sum + n(r.calls), 0),
      throttled_last_hour: mine.reduce((sum, r) => sum + n(r.throttled), 0),
      utilisation: shares.length ? Math.round(Math.max(...shares) * 1000) / 1000 : null,
    };
  });
}

/**
 * Each scheduled job with its latest run, whether its schedule or an operator started it: the newest job of
 * its queue in `pgboss.job` or, archived after 12 hours, in `pgboss.archive` (kept a week), so a daily
 * job's last run is always found.
 */
async function schedules(db: Db): Promise<AdminWorkInput['schedules']> {
  const names = sql.param(ADMIN_SCHEDULED_JOBS as string[]);
  const rows = await db.execute<{ name: string; state: string; at: Date }>(sql`
    select distinct on (name) name, state::text, coalesce(completed_on, started_on, created_on) as at
      from (select name, state, created_on, started_on, completed_on from pgboss.job
             where name = any(${names}::text[])
            union all
            select name, state, created_on, started_on, completed_on from pgboss.archive
             where name = any(${names}::text[]) and archived_on > now() - interval '8 days') runs
     order by name, created_on desc`);
  const byName = new Map(rows.rows.map((r) => [r.name, r]));
  return ADMIN_SCHEDULED_JOBS.map((name) => {
    const last = byName.get(name);
    return {
      name,
      cron: JOB_SCHEDULES[name]!,
      last_run_at: last ? new Date(last.at) : null,
      last_state: (last?.state ?? null) as AdminWorkInput['schedules'][number]['last_state'],
      runnable: (ADMIN_RUNNABLE_SCHEDULES as string[]).includes(name),
    };
  });
}

/** GET /api/admin/work: the queues, schedules, running reports, failed jobs and Amazon authorisations. */
export async function workOverview(db: Db): Promise<AdminWorkInput> {
  const [q, scheduled, running, failed, accounts] = await Promise.all([
    queues(db),
    schedules(db),
    runningReports(db),
    failedJobs(db),
    amazon(db),
  ]);
  return { queues: q, schedules: scheduled, running_reports: running, failed_jobs: failed, amazon: accounts };
}
