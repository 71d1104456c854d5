import type PgBoss from 'pg-boss';
import { JOB_NAMES } from '@crossmarket/domain';
import { describe, expect, it, vi } from 'vitest';
import { pgBossQueue, registerLocalWorker } from './queue';

const REPORT = '00000000-0000-4000-8000-000000000000';

/** The two calls the queue makes of pg-boss, recorded. */
function bossStandIn(sendAnswer: string | null) {
  return {
    send: vi.fn(async () => sendAnswer),
    notifyWorker: vi.fn(),
  };
}

describe('a job queued in this process', () => {
  it("wakes this process's consumers of that queue, and only those", async () => {
    const boss = bossStandIn('job-1');
    const asBoss = boss as unknown as PgBoss;
    registerLocalWorker(asBoss, JOB_NAMES.processReport, 'report-a');
    registerLocalWorker(asBoss, JOB_NAMES.processReport, 'report-b');
    registerLocalWorker(asBoss, JOB_NAMES.cleanup, 'cleanup-a');

    const id = await pgBossQueue(asBoss).send(JOB_NAMES.processReport, { report_id: REPORT });

    expect(id).toBe('job-1');
    expect(boss.send).toHaveBeenCalledTimes(1);
    expect(boss.notifyWorker.mock.calls).toEqual([['report-a'], ['report-b']]);
  });

  it('wakes nobody when nothing was queued (a singleton already waiting), the job is for others, or nobody here consumes it', async () => {
    const refused = bossStandIn(null);
    registerLocalWorker(refused as unknown as PgBoss, JOB_NAMES.processReport, 'report-a');
    await pgBossQueue(refused as unknown as PgBoss).send(JOB_NAMES.processReport, { report_id: REPORT });
    expect(refused.notifyWorker).not.toHaveBeenCalled();

    // A report's helper job is for another process: woken here, this worker's free slot would take it.
    const helper = bossStandIn('job-3');
    registerLocalWorker(helper as unknown as PgBoss, JOB_NAMES.processReport, 'report-a');
    await pgBossQueue(helper as unknown as PgBoss).send(
      JOB_NAMES.processReport,
      { report_id: REPORT },
      { singletonKey: `${REPORT}:helper`, forOthers: true },
    );
    expect(helper.send).toHaveBeenCalledWith(
      JOB_NAMES.processReport,
      { report_id: REPORT },
      {
        singletonKey: `${REPORT}:helper`,
      },
    );
    expect(helper.notifyWorker).not.toHaveBeenCalled();

    const elsewhere = bossStandIn('job-2');
    await pgBossQueue(elsewhere as unknown as PgBoss).send(JOB_NAMES.processReport, { report_id: REPORT });
    expect(elsewhere.notifyWorker).not.toHaveBeenCalled();
  });
});
