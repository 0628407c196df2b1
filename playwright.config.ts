import { defineConfig } from '@playwright/test';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2626);
const baseURL = `http://localhost:${E2E_PORT}`;

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
  ],
};

/** The split deployment's smoke runs on its own servers (playwright.split.config.ts). */
export const SPLIT_SPECS = /\/split\//;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: { baseURL, launchOptions, trace: 'retain-on-failure', locale: 'id-ID' },
  projects: [
    {
      name: 'no-js',
      use: { javaScriptEnabled: false },
      testIgnore: [SPLIT_SPECS, /(a11y|dashboard-charts|navigation|orders-live|web-fuzz)\.spec\.ts/],
      // What only JavaScript does (optimistic switches, live updates, typed suggestions, axe in the page).
      grepInvert: /@enhanced/,
    },
    { name: 'js', use: { javaScriptEnabled: true }, testIgnore: SPLIT_SPECS },
  ],
  webServer: {
    command: 'rm -rf data/e2e && tsx server.ts',
    url: `${baseURL}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      DATA_DIR: 'data/e2e',
      APP_URL: baseURL,
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
      LOGIN_MAX_ATTEMPTS_PER_IP: '1000',
      NODE_ENV: 'test',
    },
  },
});
