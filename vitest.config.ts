import fs from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * Web test files that replace modules or globals (vi.mock, vi.doMock, vi.stubGlobal): each keeps a fresh
 * module graph, found by reading the files so that a new one cannot land in the shared graph by mistake.
 */
const WEB_ISOLATED = (fs.readdirSync('apps/web/src', { recursive: true }) as string[])
  .filter((f) => /\.test\.tsx?$/.test(f))
  .map((f) => `src/${f.split(path.sep).join('/')}`)
  .filter((f) => /\bvi\.(mock|doMock|stubGlobal)\(/.test(fs.readFileSync(path.join('apps/web', f), 'utf8')));

function webProject(name: string, options: { include?: string[]; exclude?: string[]; isolate?: boolean }) {
  return {
    plugins: [react()],
    define: { __APP_VERSION__: JSON.stringify('test') },
    test: {
      name,
      root: 'apps/web',
      include: options.include ?? ['src/**/*.test.{ts,tsx}'],
      exclude: options.exclude ?? [],
      environment: 'jsdom' as const,
      setupFiles: ['./src/test/setup.ts'],
      // Pages are lazy chunks that compile on first render, and antd under jsdom is slow; sized for a
      // busy two-core machine twice as slow as a developer's (these are bounds, not speed checks).
      testTimeout: 90_000,
      isolate: options.isolate ?? true,
    },
  };
}

export default defineConfig({
  test: {
    // Two cores: more parallel files only make them queue for the CPU and PostgreSQL.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'domain',
          // tools/ and scripts/: the repository's own lint rules and test runner, plain Node like the domain.
          include: ['packages/domain/src/**/*.test.ts', 'tools/**/*.test.{js,ts}', 'scripts/**/*.test.mjs'],
          environment: 'node',
          // Property tests price thousands of generated rows: on a busy two-core machine 5 s was not enough
          // (a bound on giving up, not a speed check; the bench measures speed).
          testTimeout: 60_000,
        },
      },
      webProject('web', {
        exclude: WEB_ISOLATED,
        // One jsdom and one module graph per worker, as in the server project: importing antd and the app
        // anew was 40 % of this project's time. setup.ts resets what a file can leave behind (the
        // rendered tree, storage, the language, the OS theme).
        isolate: false,
      }),
      webProject('web-isolated', { include: WEB_ISOLATED }),
      {
        plugins: [react()],
        define: { __DEFAULT_SERVER__: JSON.stringify('http://localhost:3000') },
        test: {
          name: 'extension',
          root: 'apps/extension',
          include: ['test/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./test/setup.ts'],
          // Typing a 67-character token key by key under jsdom took over 5 s beside a full test run on
          // two cores: a bound, as for the web project, not a speed check.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/{src,test}/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 240_000,
          pool: 'forks',
          // Each file builds its own apps on its own database, and the server keeps no module state between
          // them: the two forks import the server once each instead of once per file (a third of the
          // project's time went to imports). A file that needs fresh modules cannot use vi.mock here.
          isolate: false,
        },
      },
    ],
  },
});
