import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { E2E_DATA, E2E_PORT, E2E_SMTP_PORT, E2E_TEMPLATE_DIR } from '../../playwright.config';
import { ROOT, startServer } from './worker-server';

/**
 * Seeds the demo once into a template data directory: the server seeds an empty database on its first start, and
 * stopping it closes the database cleanly. Each worker then starts its own server on a copy (fixtures.ts).
 */
export default async function globalSetup() {
  rmSync(resolve(ROOT, E2E_TEMPLATE_DIR), { recursive: true, force: true });
  mkdirSync(resolve(ROOT, E2E_DATA), { recursive: true });
  // The last run's worker copies, kept for a look after a failure, go now.
  for (const entry of readdirSync(resolve(ROOT, E2E_DATA))) {
    if (/^e2e-w\d+(\.log)?$/.test(entry))
      rmSync(resolve(ROOT, E2E_DATA, entry), { recursive: true, force: true });
  }
  const started = Date.now();
  const server = await startServer({
    port: E2E_PORT,
    dataDir: E2E_TEMPLATE_DIR,
    smtpPort: E2E_SMTP_PORT,
    logFile: `${E2E_TEMPLATE_DIR}.log`,
    env: { PDF_WARM: 'false' },
  });
  await server.stop();
  console.info(
    `e2e template seeded in ${E2E_TEMPLATE_DIR} in ${Math.round((Date.now() - started) / 1000)} s`,
  );
}
