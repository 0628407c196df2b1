import { cpSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { test as base } from '@playwright/test';
import { E2E_DATA, E2E_PORT, E2E_SMTP_PORT, E2E_TEMPLATE_DIR } from '../../playwright.config';
import { hydrated } from './support';
import { ROOT, startServer } from './worker-server';

// Everything else (expect, the types) as @playwright/test has it; `test` below takes the place of its own.
export * from '@playwright/test';

type WorkerServer = { baseURL: string; smtpPort: number };

/**
 * Every worker runs its own server on its own copy of the seeded template (global-setup.ts): port
 * E2E_PORT + 1 + n and SMTP port E2E_SMTP_PORT + 1 + n for the worker's parallel index n, so what one test
 * writes never reaches a test on another worker. Specs import `test` from here, not from @playwright/test.
 */
export const test = base.extend<object, { workerServer: WorkerServer; smtpPort: number }>({
  workerServer: [
    // Playwright reads a fixture's dependencies from this pattern: the worker's server has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const slot = workerInfo.parallelIndex;
      const port = E2E_PORT + 1 + slot;
      const smtpPort = E2E_SMTP_PORT + 1 + slot;
      // Named for the worker process, not its slot: a worker replaced after a failure leaves its data to look at.
      const dataDir = `${E2E_DATA}/e2e-w${workerInfo.workerIndex}`;
      rmSync(resolve(ROOT, dataDir), { recursive: true, force: true });
      cpSync(resolve(ROOT, E2E_TEMPLATE_DIR), resolve(ROOT, dataDir), { recursive: true });
      const server = await startServer({ port, dataDir, smtpPort, logFile: `${dataDir}.log` });
      await use({ baseURL: server.url, smtpPort });
      await server.stop();
    },
    { scope: 'worker', auto: true, timeout: 240_000 },
  ],
  baseURL: async ({ workerServer }, use) => use(workerServer.baseURL),
  /**
   * With JavaScript, `page.goto` returns once the page's scripts have taken over (app/root.tsx marks the
   * document), as a person waits for a page before using it. A click that came earlier reached the page while
   * React was taking it over, and on a busy machine such a click was now and then lost (a form's Simpan that
   * showed no error). Only for an HTML page that answered 2xx: an error page, a PDF or a spreadsheet is left as it
   * came; and a test that names its own `waitUntil` (one that keeps the page's scripts from loading) gets that
   * wait alone.
   */
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      const html = response?.ok() && response.headers()['content-type']?.startsWith('text/html');
      if (html && !options?.waitUntil) await hydrated(page);
      return response;
    };
    await use(page);
  },
  /** Where this worker's server sends mail: a spec's own SMTP receiver listens there (account.spec.ts). */
  smtpPort: [async ({ workerServer }, use) => use(workerServer.smtpPort), { scope: 'worker' }],
});
