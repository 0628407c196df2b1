import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const apiTests = {
  include: ['tests/api/**/*.test.ts'],
  setupFiles: ['tests/support/fail-on-console-error.ts'],
  testTimeout: 30_000,
  hookTimeout: 120_000,
  pool: 'forks',
} satisfies TestProjectInlineConfiguration['test'];

const appAlias = { '~': fileURLToPath(new URL('./app', import.meta.url)) };

const projects: TestProjectInlineConfiguration[] = [
  {
    resolve: { alias: appAlias },
    // The timeouts guard against a hang, not a slow machine: beside other work, a file that takes 1 s alone takes
    // ten (the translator check over every string did, past vitest's default 5 s).
    test: {
      name: 'unit',
      include: ['tests/unit/**/*.test.{ts,tsx}'],
      testTimeout: 30_000,
      hookTimeout: 120_000,
    },
  },
  // What drives the real Chromium (the PDF renderer, the voucher's joined parts) runs beside the browser tests,
  // not among the unit files, which share the machine with the typecheck and the lint.
  {
    resolve: { alias: appAlias },
    test: {
      name: 'browser',
      include: ['tests/browser/**/*.test.ts'],
      testTimeout: 60_000,
      hookTimeout: 120_000,
    },
  },
  // A process killed beside its database needs a database server that outlives it, two transactions can only
  // race on a server with more than one connection, and a 200,000-row import takes minutes on PGlite
  // (docs/decisions/046): those files run on PostgreSQL only.
  {
    test: {
      name: 'api',
      ...apiTests,
      exclude: [
        ...configDefaults.exclude,
        'tests/api/stock.crash.test.ts',
        'tests/api/*.race.test.ts',
        'tests/api/stock.import-cap.test.ts',
      ],
    },
  },
];

// The same API tests once more against a real PostgreSQL server, each file on its own database cloned from a migrated template.
if (process.env.TEST_DATABASE_URL) {
  projects.push({
    test: {
      name: 'api-postgres',
      ...apiTests,
      // The real-time server tests use no database.
      exclude: [...configDefaults.exclude, 'tests/api/realtime.test.ts'],
      env: { TEST_DB_KIND: 'postgres' },
      globalSetup: ['tests/support/postgres-template.ts'],
    },
  });
}

// Two app instances sharing PostgreSQL and Redis (sessions, throttles, real-time fan-out, a kill -9): after
// `remix build`, with both services at hand.
projects.push({
  test: {
    name: 'cluster',
    include: process.env.REDIS_URL && process.env.TEST_DATABASE_URL ? ['tests/cluster/**/*.test.ts'] : [],
    testTimeout: 60_000,
    hookTimeout: 240_000,
    pool: 'forks',
  },
});

export default defineConfig({
  test: {
    projects,
    // Both cores: vitest keeps one for itself by default, and here it mostly waits.
    maxWorkers: 2,
    // The files of one fork share its loaded modules: each file builds its own app and database from factories,
    // and loading the API's module graph once per file was about 2 s a file, half of the API suite's time.
    poolOptions: { forks: { isolate: false } },
  },
});
