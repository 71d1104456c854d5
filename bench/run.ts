// `npm run bench`: runs every bench/*.bench.ts in turn. Each prints lines `BENCH <name> <value> <unit>`
// (DESIGN §9) with the figures and the ratio it is judged by; nothing here asserts wall-clock times.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const dir = import.meta.dirname;
const filter = process.argv[2];
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts') && (!filter || f.includes(filter)))
  .sort();

let failed = 0;
for (const file of files) {
  console.log(`\n# ${file}`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, file)], { stdio: 'inherit' });
  if (r.status !== 0) failed += 1;
}
console.log(`\n${files.length - failed} benchmarks ran, ${failed} failed`);
process.exit(failed ? 1 : 0);
