// Prints CI's closing line: npm test's own "N passed, N failed" plus the Node 24 Vitest pass.
import fs from 'node:fs';

const [npmLog, node24Json, node24Status] = process.argv.slice(2);
const last = fs
  .readFileSync(npmLog, 'utf8')
  .split('\n')
  .reverse()
  .find((l) => /^\d+ passed, \d+ failed$/.test(l.trim()));
let [passed, failed] = last ? last.trim().match(/\d+/g).map(Number) : [0, 1];
let report;
try {
  report = JSON.parse(fs.readFileSync(node24Json, 'utf8'));
} catch {
  report = undefined;
}
const p24 = report?.numPassedTests ?? 0;
const f24 =
  (report?.numFailedTests ?? 0) + (!report || (node24Status !== '0' && !report.numFailedTests) ? 1 : 0);
// The Node 24 pass runs first, so its own report has scrolled far up by now: name its failures here.
for (const file of report?.testResults ?? []) {
  for (const test of file.assertionResults ?? []) {
    if (test.status !== 'failed') continue;
    const where = file.name.replace(`${process.cwd()}/`, '');
    const why = String(test.failureMessages?.[0] ?? '').split('\n')[0];
    console.log(`node 24 failed: ${where} > ${test.fullName ?? test.title}: ${why.slice(0, 300)}`);
  }
}
console.log(`node 24 vitest: ${p24} passed, ${f24} failed`);
passed += p24;
failed += f24;
console.log(`${passed} passed, ${failed} failed`);
