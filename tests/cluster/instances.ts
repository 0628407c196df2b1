import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** A PostgreSQL database of its own for one test file, on the TEST_DATABASE_URL server; dropped at the end. */
export async function scratchDatabase(name: string) {
  const server = new URL(process.env.TEST_DATABASE_URL as string);
  const admin = new pg.Client({ connectionString: server.toString() });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: server.toString() });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export type Instance = {
  port: number;
  url: string;
  process: ChildProcess;
  /** Ends the instance at once (SIGKILL), as a crash would. */
  kill(): Promise<void>;
  stop(): Promise<void>;
};

async function waitUntilReady(url: string, child: ChildProcess, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`instance ${url} ended with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`instance ${url} not ready in ${timeoutMs} ms`);
}

/** `server.ts` as production runs it, on PostgreSQL and Redis, from the built app (`remix build` first). */
export async function startInstance({
  port,
  databaseUrl,
  env = {},
}: {
  port: number;
  databaseUrl: string;
  env?: Record<string, string>;
}): Promise<Instance> {
  const dataDir = await mkdtemp(join(tmpdir(), `bo-instance-${port}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      REDIS_URL: process.env.REDIS_URL,
      DATA_DIR: dataDir,
      APP_URL: `http://localhost:${port}`,
      PDF_WARM: 'false',
      SWEEP_INTERVAL_SECONDS: '0',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilReady(url, child, 120_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n${stderr}`);
  }
  const ended = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    port,
    url,
    process: child,
    async kill() {
      child.kill('SIGKILL');
      await ended;
      await rm(dataDir, { recursive: true, force: true });
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await ended;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
