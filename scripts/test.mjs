// `npm test`: lint, typecheck, unit + integration (Vitest), end-to-end (Playwright). Ends with one line
// "N passed, N failed" summed over every runner (lint and typecheck count as one check each), and fails
// when anything failed, a runner crashed, or no test ran at all. Before that line it prints how long each
// stage took and writes the slowest files of each runner to .tmp/slowest-*.txt.
//
// Flags: --lint, --typecheck, --vitest, --e2e pick stages (none: all); --profile also says where each
// stage spends its time (Vitest per project with its phase breakdown, the slowest single tests, ESLint's
// rule timings, tsc's diagnostics) into .tmp/profile-*.txt.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {
  playwrightFileTimes,
  stageTable,
  vitestFileTimes,
  vitestSlowestTests,
  writeSlowest,
} from './test-report.mjs';

const root = path.resolve(import.meta.dirname, '..');
const tmp = path.join(root, '.tmp');
fs.mkdirSync(tmp, { recursive: true });
const args = new Set(process.argv.slice(2));
const profile = args.delete('--profile');
const only = (name) => args.size === 0 || args.has(`--${name}`);
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const started = Date.now();

const results = [];
const stages = [];
if (only('vitest')) fs.rmSync(path.join(tmp, 'slowest-vitest.txt'), { force: true });
if (only('e2e')) fs.rmSync(path.join(tmp, 'slowest-playwright.txt'), { force: true });

/** Runs one command with its output streamed; returns whether it passed. */
function run(label, command, commandArgs, env = {}) {
  console.log(`\n=== ${label} ===`);
  const t0 = Date.now();
  const r = spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  stages.push({ label, ms: Date.now() - t0 });
  return r.status === 0;
}

/**
 * Runs one command with its output kept until it ends (so two running side by side do not interleave),
 * then prints it under its label.
 */
function runQuiet(label, command, commandArgs, lane, env = {}) {
  return new Promise((resolve) => {
    const t0 = Date.now();
    const child = spawn(command, commandArgs, { cwd: root, env: { ...process.env, ...env } });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    child.on('close', (code) => {
      const ms = Date.now() - t0;
      stages.push({ label, ms, lane });
      console.log(`\n=== ${label} (${(ms / 1000).toFixed(1)} s) ===`);
      if (output.trim()) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
      if (profile) fs.writeFileSync(path.join(tmp, `profile-${label.replace(/\W+/g, '-')}.txt`), output);
      resolve(code === 0);
    });
  });
}

/** Each lane's wall time, for the stage table's "longest lane". */
const laneWalls = [];

/** Each lane's commands in order, the lanes side by side; every command runs, and each says if it passed. */
async function lanes(spec) {
  return Promise.all(
    spec.map(async (steps) => {
      const passed = [];
      const lane = `lane ${spec.indexOf(steps) + 1}`;
      const t0 = Date.now();
      for (const { label, command, commandArgs, env } of steps) {
        passed.push(await runQuiet(label, command, commandArgs, lane, env));
      }
      laneWalls.push({ lane, ms: Date.now() - t0, steps: steps.map((s) => s.label) });
      return passed;
    }),
  );
}

/**
 * Splits the checks into two lanes of about equal CPU (the longest first, each to the lighter lane): lint
 * and the typechecks are single-threaded, so on two cores two lanes keep both busy to the end. `cpu` is
 * each step's measured CPU-seconds (cold, on the two-core machine); only the order of sizes matters.
 */
function balance(steps) {
  const lanesOut = [[], []];
  const load = [0, 0];
  for (const step of [...steps].sort((a, b) => b.cpu - a.cpu)) {
    const i = load[0] <= load[1] ? 0 : 1;
    lanesOut[i].push(step);
    load[i] += step.cpu;
  }
  return lanesOut.filter((l) => l.length > 0);
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

// Lint and typecheck: one check each in the closing count, their steps spread over two lanes.
const checks = [];
if (only('lint')) {
  checks.push(
    {
      check: 'lint',
      label: 'lint',
      cpu: 51,
      command: bin('eslint'),
      commandArgs: ['.', '--max-warnings', '0'],
    },
    {
      check: 'lint',
      label: 'format',
      cpu: 32,
      command: bin('prettier'),
      commandArgs: ['--check', '--log-level', 'warn', '.'],
    },
  );
  if (profile) checks[0].env = { TIMING: '30' };
}
// The native TypeScript compiler preview (tsgo, @typescript/native-preview) checks the five projects in
// about a third of tsc's CPU time and agrees with it on this tree (issue 58); TYPECHECK=tsc, or a machine
// without the preview's binary, checks with tsc (`npm run typecheck` always does).
const tsgo = bin('tsgo');
const tsgoBinary = path.join(
  root,
  'node_modules/@typescript',
  `native-preview-${process.platform}-${process.arch}`,
);
const checker = process.env.TYPECHECK !== 'tsc' && fs.existsSync(tsgoBinary) ? 'tsgo' : 'tsc';
if (only('typecheck')) {
  // Each project's CPU-seconds with each checker (measured on the two-core machine, under load).
  const projects = [
    ['packages/domain', { tsc: 11, tsgo: 2 }],
    ['apps/server', { tsc: 35, tsgo: 8 }],
    ['apps/web', { tsc: 38, tsgo: 6 }],
    ['apps/extension', { tsc: 16, tsgo: 2 }],
    ['tsconfig.tools.json', { tsc: 37, tsgo: 8 }],
  ];
  for (const [p, cpu] of projects) {
    checks.push({
      check: 'typecheck',
      label: `typecheck ${p}${checker === 'tsc' ? '' : ` (${checker})`}`,
      cpu: cpu[checker],
      command: checker === 'tsc' ? bin('tsc') : tsgo,
      commandArgs: ['-p', p, '--noEmit', ...(profile ? ['--extendedDiagnostics'] : [])],
    });
  }
}
if (checks.length > 0) {
  const spread = balance(checks);
  const outcome = await lanes(spread);
  for (const check of [...new Set(checks.map((c) => c.check))]) {
    const ok = spread.every((lane, i) => lane.every((step, j) => step.check !== check || outcome[i][j]));
    results.push({ runner: check, passed: ok ? 1 : 0, failed: ok ? 0 : 1 });
  }
}

if (only('vitest')) {
  const out = path.join(tmp, 'vitest.json');
  fs.rmSync(out, { force: true });
  const ok = run('unit + integration (vitest)', bin('vitest'), [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ]);
  const report = readJson(out);
  const passed = report?.numPassedTests ?? 0;
  const failed = (report?.numFailedTests ?? 0) + (!report || (!ok && !report.numFailedTests) ? 1 : 0);
  results.push({ runner: 'vitest', passed, failed, ran: passed + failed });
  if (report) {
    const files = vitestFileTimes(report, root);
    writeSlowest(path.join(tmp, 'slowest-vitest.txt'), 'Slowest Vitest files (wall s, tests, file):', files);
    if (profile) profileVitest(report, files);
  }
}

/** Profile: each project's own phase breakdown (a run per project) and the slowest single tests. */
function profileVitest(report, files) {
  const perProject = new Map();
  for (const f of files) {
    const project = f.file.split('/').slice(0, 2).join('/');
    perProject.set(project, (perProject.get(project) ?? 0) + f.ms);
  }
  const lines = ['Vitest file time per folder (sum of file wall times, s):'];
  for (const [p, ms] of [...perProject].sort((a, b) => b[1] - a[1])) {
    lines.push(`  ${(ms / 1000).toFixed(1).padStart(8)}  ${p}`);
  }
  lines.push('', 'Slowest single tests:');
  for (const t of vitestSlowestTests(report, root, 25)) {
    lines.push(`  ${(t.ms / 1000).toFixed(1).padStart(7)} s  ${t.file} › ${t.title}`);
  }
  const text = lines.join('\n');
  fs.writeFileSync(path.join(tmp, 'profile-vitest.txt'), `${text}\n`);
  console.log(`\n${text}`);
  for (const project of ['domain', 'extension', 'web', 'web-isolated', 'server']) {
    run(`profile: vitest --project ${project}`, bin('vitest'), [
      'run',
      '--project',
      project,
      '--reporter=dot',
    ]);
  }
}

/**
 * The browser the end-to-end tests drive: Debian's chromium (never a downloaded one). When it is missing
 * and this is root on a Debian-like system, it is installed as `.ci/run` does; otherwise one line says
 * what to install and the end-to-end run counts as one failure instead of a stack trace per test.
 */
function ensureChromium() {
  const browser = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (fs.existsSync(browser)) return true;
  const canApt = process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get') && !process.env.CHROMIUM_PATH;
  if (canApt) {
    console.log("Installing Debian's chromium for the browser tests (apt-get)…");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    const install =
      update.status === 0 &&
      spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env }).status === 0;
    if (install && fs.existsSync(browser)) return true;
  }
  console.log(
    `Browser tests need Chromium at ${browser}: install Debian's package (sudo apt-get install chromium) or set CHROMIUM_PATH.`,
  );
  return false;
}

if (only('e2e') && !ensureChromium()) {
  results.push({ runner: 'playwright', passed: 0, failed: 1, ran: 1 });
} else if (only('e2e')) {
  const out = path.join(tmp, 'playwright.json');
  fs.rmSync(out, { force: true });
  const ok = run(
    'end-to-end (playwright)',
    bin('playwright'),
    ['test', '--config', 'e2e/playwright.config.ts', '--reporter=list,json'],
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: out,
    },
  );
  const report = readJson(out);
  const stats = report?.stats;
  // A test that passed only on a retry may hide a lost click: it is named, and in CI it counts as failed.
  const retried = report ? retriedTests(report) : [];
  const flakyFails = process.env.CI ? (stats?.flaky ?? 0) : 0;
  const passed = (stats?.expected ?? 0) + (stats?.flaky ?? 0) - flakyFails;
  const failed = (stats?.unexpected ?? 0) + flakyFails + (!stats || (!ok && !stats.unexpected) ? 1 : 0);
  results.push({ runner: 'playwright', passed, failed, ran: passed + failed, retried });
  if (report) {
    writeSlowest(
      path.join(tmp, 'slowest-playwright.txt'),
      'Slowest Playwright files (s, tests, file):',
      playwrightFileTimes(report),
    );
  }
}

/** "file › title" of every Playwright test that ran more than once. */
function retriedTests(report) {
  const found = [];
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if ((t.results?.length ?? 0) > 1) found.push(`${spec.file ?? file} › ${spec.title} (${t.status})`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, suite.file ?? file);
  };
  for (const suite of report.suites ?? []) walk(suite, suite.file);
  return found;
}

console.log('');
console.log(stageTable(stages, Date.now() - started, laneWalls));
for (const [stage, f] of [
  ['vitest', 'slowest-vitest.txt'],
  ['e2e', 'slowest-playwright.txt'],
]) {
  if (only(stage) && fs.existsSync(path.join(tmp, f))) console.log(`Slowest files: .tmp/${f}`);
}
console.log('');
for (const r of results) {
  console.log(`${r.runner}: ${r.passed} passed, ${r.failed} failed`);
  for (const t of r.retried ?? []) console.log(`  retried: ${t}`);
}
const passed = results.reduce((n, r) => n + r.passed, 0);
let failed = results.reduce((n, r) => n + r.failed, 0);
const testRunners = results.filter((r) => r.ran !== undefined);
if (testRunners.length > 0 && testRunners.every((r) => r.ran === 0)) {
  console.log('No test ran: that is a failure.');
  failed += 1;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
