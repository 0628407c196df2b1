import { defineConfig } from '@playwright/test';

/**
 * Port bases: the template's server (global setup) takes E2E_PORT, and worker n its own server on E2E_PORT + 1 + n,
 * sending mail to E2E_SMTP_PORT + 1 + n (tests/e2e/fixtures.ts).
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2626);
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 2);
/** Where a run keeps its databases: two runs side by side (two checkouts' work on one machine) give each its own. */
export const E2E_DATA = process.env.E2E_DATA ?? 'data';
/** The demo seeded once per run, copied for each worker's server. */
export const E2E_TEMPLATE_DIR = `${E2E_DATA}/e2e-template`;

export const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
    // No test goes Back, so no page need be kept for it: without the back/forward cache and the new frame per
    // navigation that comes with it, 20 page loads cost the machine 11–12 % less CPU (server included; four
    // alternated runs each with and without JavaScript, every pair lower).
    '--disable-features=BackForwardCache,RenderDocument,ProactivelySwapBrowsingInstance',
  ],
};

/** The split deployment's smoke runs on its own servers (playwright.split.config.ts). */
export const SPLIT_SPECS = /\/split\//;

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: process.env.E2E_OUTPUT ?? 'test-results',
  // Every test brings what it changes and every worker has its own server and data, so any test runs anywhere.
  fullyParallel: true,
  workers: E2E_WORKERS,
  globalSetup: './tests/e2e/global-setup.ts',
  retries: 0,
  // Two workers share the machine's cores with their servers and PDF browsers: the longest tests (axe over many
  // pages, voucher print jobs) took up to 40 s on a busy machine, so they get room beyond a minute. An assertion
  // waits for what must come; beside other work on a slow host the suite ran twice as long, and 10 s left little room.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // baseURL is the worker's own server (tests/e2e/fixtures.ts).
  // A failed test keeps its screenshot, its error's page snapshot and its server's log (data/e2e-w<n>.log). A trace
  // (actions, DOM snapshots, network, console) is recorded only when asked, E2E_TRACE=on: recording one for every
  // test, to keep the failures', cost 7 % of the suite's CPU (four runs of the same 65 tests, 491 s against 457 s),
  // and a screencast had cost a quarter of it.
  use: {
    launchOptions,
    trace: process.env.E2E_TRACE === 'on' ? { mode: 'retain-on-failure', screenshots: false } : 'off',
    screenshot: 'only-on-failure',
    locale: 'id-ID',
  },
  projects: [
    {
      name: 'no-js',
      use: { javaScriptEnabled: false },
      testIgnore: [SPLIT_SPECS, /(a11y|dashboard-charts|navigation|orders-live)\.spec\.ts/],
      // What only JavaScript does (optimistic switches, live updates, typed suggestions, axe in the page), and
      // what reads the server's answers alone (@once: no browser runs a script there, so one project checks it).
      grepInvert: /@enhanced|@once/,
    },
    { name: 'js', use: { javaScriptEnabled: true }, testIgnore: SPLIT_SPECS },
  ],
});
