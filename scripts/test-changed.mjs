// `npm run test:changed`: the fast loop while working. Runs the Vitest tests related to the working tree's
// changes (Vitest's --changed: every test whose import graph reaches a changed file) and the end-to-end
// specs of the features the changes touch (E2E_SPECS below). Lint, typecheck and the full suite stay with
// `npm test`, which is what CI runs. Ends with the same "N passed, N failed" line.
//
//   npm run test:changed               changes against HEAD (staged, unstaged and new files)
//   npm run test:changed -- main       changes against another commit or branch
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { e2eSpecsFor } from './test-changed-map.mjs';

const root = path.resolve(import.meta.dirname, '..');
const tmp = path.join(root, '.tmp');
fs.mkdirSync(tmp, { recursive: true });
const base = process.argv[2] ?? 'HEAD';
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

const git = (...args) =>
  spawnSync('git', args, { cwd: root, encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
const changed = [
  ...new Set([...git('diff', '--name-only', base), ...git('ls-files', '--others', '--exclude-standard')]),
];
if (changed.length === 0) {
  console.log(`No change against ${base}: nothing to test.`);
  console.log('0 passed, 0 failed');
  process.exit(0);
}
console.log(`Changed against ${base}: ${changed.length} file(s).`);

let passed = 0;
let failed = 0;

const vitestOut = path.join(tmp, 'vitest-changed.json');
fs.rmSync(vitestOut, { force: true });
const vitest = spawnSync(
  bin('vitest'),
  [
    'run',
    `--changed=${base}`,
    '--passWithNoTests',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestOut}`,
  ],
  { cwd: root, stdio: 'inherit' },
);
const report = fs.existsSync(vitestOut) ? JSON.parse(fs.readFileSync(vitestOut, 'utf8')) : undefined;
passed += report?.numPassedTests ?? 0;
failed += (report?.numFailedTests ?? 0) + (vitest.status !== 0 && !report?.numFailedTests ? 1 : 0);

const { specs, reason } = e2eSpecsFor(changed);
console.log(`\nEnd-to-end: ${reason}`);
if (specs.length > 0) {
  const e2eOut = path.join(tmp, 'playwright-changed.json');
  fs.rmSync(e2eOut, { force: true });
  const e2e = spawnSync(
    bin('playwright'),
    ['test', '--config', 'e2e/playwright.config.ts', '--reporter=list,json', ...specs],
    { cwd: root, stdio: 'inherit', env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: e2eOut } },
  );
  const stats = fs.existsSync(e2eOut) ? JSON.parse(fs.readFileSync(e2eOut, 'utf8')).stats : undefined;
  passed += (stats?.expected ?? 0) + (stats?.flaky ?? 0);
  failed += (stats?.unexpected ?? 0) + (e2e.status !== 0 && !stats?.unexpected ? 1 : 0);
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
