import { defineConfig } from '@playwright/test';

/** Debian's chromium, never a downloaded browser. Flags keep it off the (closed) network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // Sized for a machine twice as slow as a developer's, busy with something else: a test waits on the
  // state it needs, and these bounds only say when to give up.
  timeout: 120_000,
  expect: { timeout: 30_000 },
  // Two journeys at a time against the one program, any two (report-detail alone is 6 minutes): each
  // journey signs up its own users and shares nothing with the others, and most of a journey's time is
  // waiting on the server and the worker, so a second browser fills the idle core. E2E_WORKERS=1 runs
  // them one by one (to tell a race from a slow machine).
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // No retries: a retry would hide a lost click. scripts/test.mjs lists any retried test all the same.
  retries: 0,
  globalSetup: './global-setup.ts',
  reporter: [['list']],
  outputDir: '../test-results/e2e',
  use: {
    browserName: 'chromium',
    colorScheme: 'light',
    locale: 'en-US',
    // The app follows the OS: no antd motion, so no control moves under a click (e2e/motion.spec.ts
    // checks the full-motion path on its own).
    reducedMotion: 'reduce',
    actionTimeout: 30_000,
    navigationTimeout: 60_000,
    // No trace by default: recording one (a screencast and a DOM snapshot per action) was a third of the
    // journeys' CPU, kept only for the few that fail — and CI keeps none of it. A failure still leaves its
    // screenshot and Playwright's error-context page snapshot; E2E_TRACE=retain-on-failure (or `--trace on`)
    // records one when a failure needs the timeline.
    trace: (process.env.E2E_TRACE as 'retain-on-failure' | 'on' | undefined) ?? 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
});
