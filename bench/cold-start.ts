/**
 * Cold start of `npm start`'s server on an empty embedded database: spawns `tsx server.ts` on a fresh
 * DATA_DIR (after `remix build`) and times until /healthz answers 200 (migrations and seed included).
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';

const port = Number(process.env.BENCH_PORT ?? 3200);
const dataDir = 'data/bench-cold';
rmSync(dataDir, { recursive: true, force: true });

const started = performance.now();
const child = spawn('npx', ['tsx', 'server.ts'], {
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, APP_URL: `http://localhost:${port}` },
  stdio: 'ignore',
});

for (;;) {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/healthz`);
    if (response.ok) break;
  } catch {
    // not listening yet
  }
  if (performance.now() - started > 300_000) throw new Error('server did not become healthy in 300 s');
  await new Promise((resolve) => setTimeout(resolve, 100));
}
console.info(`cold start to healthy: ${((performance.now() - started) / 1000).toFixed(1)} s`);
child.kill('SIGTERM');
