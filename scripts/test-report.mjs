// What `npm test` says about where its time went: per-stage durations and the slowest files of each runner,
// read from Vitest's and Playwright's JSON reports. Kept apart from scripts/test.mjs so the runner stays a
// list of stages; scripts/test-report.test.js proves the parsing on small reports.
import fs from 'node:fs';
import path from 'node:path';

const seconds = (ms) => Math.round(ms / 100) / 10;

/**
 * Each Vitest file's wall time (collection, setup and tests: end minus start), slowest first. The project
 * is the path's first folders, which is what a reader needs to find it.
 */
export function vitestFileTimes(report, root) {
  return (report?.testResults ?? [])
    .map((f) => ({
      file: path.relative(root, f.name),
      ms: Math.max(0, (f.endTime ?? 0) - (f.startTime ?? 0)),
      tests: f.assertionResults?.length ?? 0,
    }))
    .sort((a, b) => b.ms - a.ms);
}

/** Each Playwright spec file's time (the sum of its tests' attempts, hooks included), slowest first. */
export function playwrightFileTimes(report) {
  const byFile = new Map();
  const walk = (suite, file) => {
    const here = suite.file ?? file;
    for (const spec of suite.specs ?? []) {
      const f = spec.file ?? here;
      const entry = byFile.get(f) ?? { file: f, ms: 0, tests: 0 };
      for (const t of spec.tests ?? []) {
        entry.tests += 1;
        for (const r of t.results ?? []) entry.ms += r.duration ?? 0;
      }
      byFile.set(f, entry);
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of report?.suites ?? []) walk(suite, suite.file);
  return [...byFile.values()].sort((a, b) => b.ms - a.ms);
}

/** The slowest single tests of a Vitest report (profile mode). */
export function vitestSlowestTests(report, root, count) {
  const all = [];
  for (const f of report?.testResults ?? []) {
    for (const t of f.assertionResults ?? []) {
      all.push({ file: path.relative(root, f.name), title: t.fullName ?? t.title, ms: t.duration ?? 0 });
    }
  }
  return all.sort((a, b) => b.ms - a.ms).slice(0, count);
}

/** Writes the slowest `count` files to `file` as aligned text and returns the text. */
export function writeSlowest(file, heading, rows, count = 15) {
  const lines = [heading, ...rows.slice(0, count).map((r) => formatRow(r))];
  const text = `${lines.join('\n')}\n`;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  return text;
}

const formatRow = (r) =>
  `${seconds(r.ms).toFixed(1).padStart(7)} s  ${String(r.tests ?? '').padStart(3)}  ${r.title ? `${r.file} › ${r.title}` : r.file}`;

/**
 * The stage table printed before the closing line. `laneWalls` (the checks' lanes: name, wall ms, the
 * steps in order) adds the longest lane's wall time and what it ran: the checks end when it ends, so it
 * is where a shorter run has to look first.
 */
export function stageTable(stages, totalMs, laneWalls = []) {
  const width = Math.max(...stages.map((s) => s.label.length), 'total'.length, 'longest lane'.length);
  const lines = ['Stage durations:'];
  for (const s of stages) {
    const where = s.lane ? `  (${s.lane})` : '';
    lines.push(`  ${s.label.padEnd(width)}  ${seconds(s.ms).toFixed(1).padStart(7)} s${where}`);
  }
  const longest = [...laneWalls].sort((a, b) => b.ms - a.ms)[0];
  if (longest) {
    lines.push(
      `  ${'longest lane'.padEnd(width)}  ${seconds(longest.ms).toFixed(1).padStart(7)} s  (${longest.lane}: ${longest.steps.join(', ')})`,
    );
  }
  lines.push(`  ${'total'.padEnd(width)}  ${seconds(totalMs).toFixed(1).padStart(7)} s (wall)`);
  return lines.join('\n');
}
