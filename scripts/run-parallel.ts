// Runs npm scripts side by side and prints each one's output whole, in the order given, once it has finished;
// exits non-zero when any of them failed. The checks that need no server (types, lint, unit tests) take turns
// on the cores this way instead of one after the other.
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error('usage: tsx scripts/run-parallel.ts SCRIPT [SCRIPT ...]');
  process.exit(2);
}

type Result = { name: string; code: number; signal: NodeJS.Signals | null; output: Buffer; seconds: number };

const runs = names.map(
  (name) =>
    new Promise<Result>((resolve) => {
      const started = Date.now();
      const child = spawn('npm', ['run', name], { stdio: ['ignore', 'pipe', 'pipe'] });
      const output: Buffer[] = [];
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
      child.on('close', (code, signal) =>
        resolve({
          name,
          code: code ?? 1,
          signal,
          output: Buffer.concat(output),
          seconds: (Date.now() - started) / 1000,
        }),
      );
    }),
);

let failed = false;
for (const run of runs) {
  const result = await run;
  process.stdout.write(result.output);
  const how = result.signal ? `signal ${result.signal}` : `exit ${result.code}`;
  process.stdout.write(
    `\n${result.code === 0 ? '✓' : '✗'} ${result.name}: ${how} after ${result.seconds.toFixed(1)} s\n\n`,
  );
  if (result.code !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
