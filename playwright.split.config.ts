import { defineConfig } from '@playwright/test';
import { launchOptions, SPLIT_SPECS } from './playwright.config';

/**
 * The split deployment (docs/decisions/013): the API alone (`npm run start:api`) with its real-time server, and the web
 * app pointed at it with API_URL, so the web app's upstream calls go over HTTP, not in process.
 */
const WEB_PORT = Number(process.env.E2E_SPLIT_PORT ?? 3110);
const API_PORT = WEB_PORT + 1;
const baseURL = `http://localhost:${WEB_PORT}`;
export const SPLIT_API_URL = `http://127.0.0.1:${API_PORT}`;
const DATA_DIR = 'data/e2e-split';

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: SPLIT_SPECS,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  outputDir: 'test-results/split',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI
    ? [['list']]
    : [['list'], ['html', { open: 'never', outputFolder: 'playwright-report/split' }]],
  use: { baseURL, launchOptions, trace: 'retain-on-failure', locale: 'id-ID', javaScriptEnabled: false },
  projects: [{ name: 'split-no-js' }],
  // Started in this order, each once its address answers: the web app needs the API's OAuth client to sign in.
  webServer: [
    {
      command: `rm -rf ${DATA_DIR} && tsx api/main.ts`,
      url: `${SPLIT_API_URL}/healthz`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        API_PORT: String(API_PORT),
        DATA_DIR: `${DATA_DIR}/api`,
        APP_URL: baseURL,
        LOGIN_MAX_ATTEMPTS_PER_IP: '1000',
        NODE_ENV: 'test',
      },
    },
    {
      command: 'tsx server.ts',
      url: `${baseURL}/healthz`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(WEB_PORT),
        API_URL: SPLIT_API_URL,
        PUSHER_HOST: '127.0.0.1',
        PUSHER_PORT: String(API_PORT),
        DATA_DIR: `${DATA_DIR}/web`,
        APP_URL: baseURL,
        PDF_WARM: 'false',
        NODE_ENV: 'test',
      },
    },
  ],
});
