import { describe, expect, it } from 'vitest';
import { JOB_NAMES, JOB_SCHEDULES, jobPayloadSchemas } from './jobs';

describe('jobs', () => {
  it('gives every job a payload schema', () => {
    for (const name of Object.values(JOB_NAMES)) expect(jobPayloadSchemas[name]).toBeDefined();
  });
  it('schedules the cleanup daily', () => {
    expect(JOB_SCHEDULES[JOB_NAMES.cleanup]).toMatch(/^\d+ \d+ \* \* \*$/);
  });
  it('refuses unknown fields in the cleanup payload', () => {
    expect(jobPayloadSchemas[JOB_NAMES.cleanup].safeParse({}).success).toBe(true);
    expect(jobPayloadSchemas[JOB_NAMES.cleanup].safeParse({ x: 1 }).success).toBe(false);
  });
});
