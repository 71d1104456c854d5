import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  playwrightFileTimes,
  stageTable,
  vitestFileTimes,
  vitestSlowestTests,
  writeSlowest,
} from './test-report.mjs';

const root = '/repo';

describe("npm test's timing report", () => {
  it('ranks Vitest files by their wall time, relative to the repository', () => {
    const report = {
      testResults: [
        { name: '/repo/a.test.ts', startTime: 1000, endTime: 3000, assertionResults: [{}, {}] },
        { name: '/repo/b.test.ts', startTime: 1000, endTime: 9500, assertionResults: [{}] },
        { name: '/repo/c.test.ts', startTime: 5, endTime: 5 },
      ],
    };
    expect(vitestFileTimes(report, root)).toEqual([
      { file: 'b.test.ts', ms: 8500, tests: 1 },
      { file: 'a.test.ts', ms: 2000, tests: 2 },
      { file: 'c.test.ts', ms: 0, tests: 0 },
    ]);
  });

  it('adds up every attempt of every Playwright test per spec file, nested suites included', () => {
    const report = {
      suites: [
        {
          file: 'a.spec.ts',
          specs: [{ tests: [{ results: [{ duration: 100 }, { duration: 50 }] }] }],
          suites: [{ specs: [{ tests: [{ results: [{ duration: 1000 }] }] }] }],
        },
        { file: 'b.spec.ts', specs: [{ file: 'b.spec.ts', tests: [{ results: [{ duration: 400 }] }] }] },
      ],
    };
    expect(playwrightFileTimes(report)).toEqual([
      { file: 'a.spec.ts', ms: 1150, tests: 2 },
      { file: 'b.spec.ts', ms: 400, tests: 1 },
    ]);
  });

  it('names the slowest single tests across files', () => {
    const report = {
      testResults: [
        { name: '/repo/a.test.ts', assertionResults: [{ fullName: 'x', duration: 5 }] },
        { name: '/repo/b.test.ts', assertionResults: [{ title: 'y', duration: 9 }, { title: 'z' }] },
      ],
    };
    expect(vitestSlowestTests(report, root, 2)).toEqual([
      { file: 'b.test.ts', title: 'y', ms: 9 },
      { file: 'a.test.ts', title: 'x', ms: 5 },
    ]);
  });

  it('writes at most the slowest 15 rows to the file it names', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'test-report-'));
    const rows = Array.from({ length: 20 }, (_, i) => ({ file: `f${i}.ts`, ms: (20 - i) * 1000, tests: 1 }));
    const file = path.join(dir, 'nested', 'slowest.txt');
    writeSlowest(file, 'Slowest:', rows);
    const lines = fs.readFileSync(file, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(16);
    expect(lines[1]).toMatch(/^\s+20\.0 s\s+1\s+f0\.ts$/);
    expect(lines[15]).toContain('f14.ts');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('prints each stage with its lane and the wall total last', () => {
    const text = stageTable(
      [
        { label: 'lint', ms: 61_240, lane: 'lint' },
        { label: 'unit + integration (vitest)', ms: 400_000 },
      ],
      512_300,
    );
    expect(text.split('\n')).toEqual([
      'Stage durations:',
      '  lint                            61.2 s  (lint)',
      '  unit + integration (vitest)    400.0 s',
      '  total                          512.3 s (wall)',
    ]);
  });

  it('names the longest lane of the checks, its wall time and its steps', () => {
    const text = stageTable(
      [
        { label: 'lint', ms: 20_000, lane: 'lane 1' },
        { label: 'typecheck apps/web', ms: 25_000, lane: 'lane 2' },
        { label: 'typecheck apps/server', ms: 9_000, lane: 'lane 2' },
      ],
      40_000,
      [
        { lane: 'lane 1', ms: 20_100, steps: ['lint'] },
        { lane: 'lane 2', ms: 34_200, steps: ['typecheck apps/web', 'typecheck apps/server'] },
      ],
    );
    expect(text.split('\n').at(-2)).toBe(
      '  longest lane              34.2 s  (lane 2: typecheck apps/web, typecheck apps/server)',
    );
  });
});
