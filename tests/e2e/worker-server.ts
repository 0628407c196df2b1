import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project's root: servers run there, and data directories are relative to it. */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The environment every e2e server runs with, whatever its port and data directory. */
export function serverEnv({ port, dataDir, smtpPort }: { port: number; dataDir: string; smtpPort: number }) {
  const appUrl = `http://localhost:${port}`;
  return {
    PORT: String(port),
    DATA_DIR: dataDir,
    APP_URL: appUrl,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    LOGIN_MAX_ATTEMPTS_PER_IP: '1000',
    NODE_ENV: 'test' as const,
    // Three orders per part, so a voucher of a few orders prints as a background job (payments.spec.ts).
    VOUCHER_PRINT_PART_ORDERS: '3',
    // A refusal a test meets can be read in the server's log (data/e2e-w<worker>.log).
    LOG_REQUESTS: 'refusals',
    // Each worker's server stands alone. With a REDIS_URL from the environment (CI sets one for the cluster
    // tests) the servers would share their real-time fan-out, throttles and auth-cache news: a vendor's page on
    // one worker would follow another worker's offers, whose ids its own database does not hold.
    REDIS_URL: '',
  };
}

export type RunningServer = { url: string; stop(): Promise<void> };

/** Waits until `url` answers 200, or throws after `timeoutMs`; stops early if the process exits. */
async function waitForHealthy(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(
        `the e2e server for ${url} exited (${child.exitCode ?? child.signalCode}) before answering`,
      );
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the e2e server did not answer ${url} within ${timeoutMs} ms`);
}

/**
 * Starts `tsx server.ts` in its own process group (so its PDF browser goes with it), logging to `logFile`, and
 * resolves once /healthz answers. `stop` ends the whole group: SIGTERM, then SIGKILL if it lingers.
 */
export async function startServer({
  port,
  dataDir,
  smtpPort,
  logFile,
  env = {},
  timeoutMs = 180_000,
}: {
  port: number;
  dataDir: string;
  smtpPort: number;
  logFile: string;
  env?: Record<string, string>;
  timeoutMs?: number;
}): Promise<RunningServer> {
  const log = openSync(resolve(ROOT, logFile), 'w');
  const child = spawn(resolve(ROOT, 'node_modules/.bin/tsx'), ['server.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...serverEnv({ port, dataDir, smtpPort }), ...env },
    stdio: ['ignore', log, log],
    detached: true,
  });
  closeSync(log);
  const pid = child.pid;
  const killGroup = (signal: NodeJS.Signals) => {
    try {
      if (pid) process.kill(-pid, signal);
    } catch {
      // Already gone.
    }
  };
  // If the test process itself dies, the server must not outlive it.
  const onExit = () => killGroup('SIGKILL');
  process.once('exit', onExit);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async () => {
    process.removeListener('exit', onExit);
    killGroup('SIGTERM');
    const timer = setTimeout(() => killGroup('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
    // The PDF browser and anything else left in the group.
    killGroup('SIGKILL');
  };

  const url = `http://localhost:${port}`;
  try {
    await waitForHealthy(`${url}/healthz`, child, timeoutMs);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}; see ${logFile}`);
  }
  return { url, stop };
}
