// `npm test`: lint, typecheck, unit + integration (Vitest), end-to-end (Playwright). Ends with one line
// "N passed, N failed" summed over every runner (lint and typecheck count as one check each), and fails
// when anything failed, a runner crashed, or no test ran at all.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tmp = path.join(root, '.tmp');
fs.mkdirSync(tmp, { recursive: true });
const args = new Set(process.argv.slice(2));
const only = (name) => args.size === 0 || args.has(`--${name}`);
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

const results = [];
function run(label, command, commandArgs, env = {}) {
  console.log(`\n=== ${label} ===`);
  const r = spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status === 0;
}
function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

if (only('lint')) {
  const ok =
    run('lint', bin('eslint'), ['.', '--max-warnings', '0']) &&
    run('format', bin('prettier'), ['--check', '--log-level', 'warn', '.']);
  results.push({ runner: 'lint', passed: ok ? 1 : 0, failed: ok ? 0 : 1 });
}

if (only('typecheck')) {
  const projects = ['packages/domain', 'apps/server', 'apps/web', 'apps/extension', 'tsconfig.tools.json'];
  const ok = projects.every((p) => run(`typecheck ${p}`, bin('tsc'), ['-p', p, '--noEmit']));
  results.push({ runner: 'typecheck', passed: ok ? 1 : 0, failed: ok ? 0 : 1 });
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
