// `npm start`: builds the web app, and the browser extension's zip it offers for download, when their
// sources are newer than the last build, then runs the program.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import 'dotenv/config';
import { extensionStale, extensionTarget } from './extension-target.mjs';

const root = path.resolve(import.meta.dirname, '..');
const webDir = path.join(root, 'apps/web');
const built = path.join(webDir, 'dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

const sources = [
  path.join(webDir, 'src'),
  path.join(webDir, 'index.html'),
  path.join(root, 'packages/domain/src'),
];
const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
const stale = sources.some(
  (s) => (fs.statSync(s).isDirectory() ? newestMtime(s) : fs.statSync(s).mtimeMs) > builtAt,
);
if (stale && process.env.SKIP_WEB_BUILD !== '1') {
  console.log('Building the web app…');
  // Always the production bundle: a NODE_ENV=test caller (the e2e setup) would otherwise get React's
  // development build, which then stays in dist for the next `npm start`.
  const build = spawnSync('npm', ['run', 'build', '--workspace', '@crossmarket/web'], {
    stdio: 'inherit',
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The extension's zip (Settings → Extension's download), for the address this server is reached at:
// rebuilt when its sources changed or it was built for another address.
const extensionDir = path.join(root, 'apps/extension');
const zip = path.join(extensionDir, 'release/crossmarket-extension.zip');
const extensionSources = [path.join(extensionDir, 'src'), path.join(root, 'packages/domain/src')];
const target = extensionTarget(process.env);
// No target: the address is malformed, and the program's configuration check says which variable.
const extensionOld =
  target !== null &&
  extensionStale({
    zipPath: zip,
    target,
    sourcesNewerThan: (at) => extensionSources.some((s) => newestMtime(s) > at),
  });
if (extensionOld && process.env.SKIP_WEB_BUILD !== '1') {
  console.log(`Building the browser extension for ${target}…`);
  const build = spawnSync(process.execPath, [path.join(extensionDir, 'build.mjs')], {
    stdio: 'inherit',
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', CROSSMARKET_URL: target },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// Run the program in this process: one process for Ctrl-C to reach, nothing to forward.
const { register } = await import('tsx/esm/api');
register();
process.argv.splice(2, process.argv.length - 2, process.argv[2] ?? 'start');
await import(path.join(root, 'apps/server/src/main.ts'));
