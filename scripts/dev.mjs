// `npm run dev`: the program (restarted on server changes) on PORT (3000) and Vite's dev server with hot
// reload on 5173, proxying /api, /v1 and the health checks to the program. Open http://localhost:5173.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const port = process.env.PORT ?? '3000';
const children = [
  spawn(
    path.join(root, 'node_modules/.bin/tsx'),
    ['watch', '--clear-screen=false', 'apps/server/src/main.ts', 'start'],
    {
      cwd: root,
      stdio: 'inherit',
      // A developer's machine: the outbox and the sandbox store at /dev (Vite's proxy adds no
      // X-Forwarded-For, so they answer through :5173 too). DEV_PAGES=false turns them off.
      env: { ...process.env, PORT: port, DEV_PAGES: process.env.DEV_PAGES ?? 'true' },
    },
  ),
  spawn(path.join(root, 'node_modules/.bin/vite'), ['--port', '5173', '--strictPort'], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
    env: { ...process.env, CROSSMARKET_API: `http://127.0.0.1:${port}` },
  }),
];
for (const child of children) child.on('exit', (code) => process.exit(code ?? 0));
