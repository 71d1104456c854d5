// The JavaScript a browser downloads before the sign-in page can render: the entry chunk, everything it
// imports statically, and the login page's lazy chunk with its static imports. Gzipped, against the
// DESIGN §9 budget of 250 kB. Builds the web app first when it has not been built.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const ROOT = path.resolve(import.meta.dirname, '..');
const dist = path.join(ROOT, 'apps/web/dist');
const manifestFile = path.join(dist, '.vite/manifest.json');
if (!fs.existsSync(manifestFile)) spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });

type Chunk = { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean; src?: string };
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, Chunk>;

function closure(keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    closure(manifest[key]?.imports ?? [], seen);
  }
  return seen;
}

const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
const login = Object.keys(manifest).find((k) => k.endsWith('features/auth/login-page.tsx'));
if (!login) throw new Error('login page chunk not found in the manifest');
const files = [...closure([entry, login])].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));
const sizes = files.map((f) => ({ f, kB: gzipSync(fs.readFileSync(path.join(dist, f))).length / 1024 }));
const gzipped = sizes.reduce((n, s) => n + s.kB, 0);
const budget = 250;
console.log(`BENCH web.signin_initial_js ${gzipped.toFixed(1)} kB (gzip, ${files.length} files)`);
console.log(
  `BENCH web.signin_initial_js.ratio_to_budget ${(gzipped / budget).toFixed(2)} x (budget ${budget} kB)`,
);
// Where the bytes are, largest first (chunk names come from their first module; see the manifest).
for (const { f, kB } of sizes.sort((a, b) => b.kB - a.kB))
  console.log(`  ${kB.toFixed(1).padStart(6)} kB  ${f}`);
