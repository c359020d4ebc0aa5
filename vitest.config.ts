import { connect } from 'node:net';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

// The one place besides apps/*/src/config/env.ts that reads the environment: it decides whether
// the PostgreSQL run of the server tests can happen on this machine.
const postgresUrl = process.env.TEST_DATABASE_URL;

/** Whether something listens on host:port (half a second to answer). */
const listening = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host, port, timeout: 500 });
    const answer = (up: boolean) => {
      socket.destroy();
      resolve(up);
    };
    socket.once('connect', () => answer(true));
    socket.once('error', () => answer(false));
    socket.once('timeout', () => answer(false));
  });

/**
 * The MQTT broker of the ingestion tests: TEST_MQTT_URL (CI sets it, .ci/run starts Mosquitto),
 * else, outside CI, a Mosquitto on this machine's default port when one answers. Unset, the
 * tests that need it fail and say how to get one (test/mqtt-broker.ts).
 */
const mqttUrl =
  process.env.TEST_MQTT_URL ??
  (!process.env.CI && (await listening('127.0.0.1', 1883)) ? 'mqtt://127.0.0.1:1883' : undefined);

/**
 * With a PostgreSQL server, the server tests run there, the production path, and on the embedded
 * database only those that can tell the two apart: the database layer (the client, the
 * migrations, the template and the seeds), what only PGlite has (*.pglite.test.ts), and the
 * concurrency and draining suites (PGlite runs one query at a time where a pool runs several).
 * The routes and services above them are the same queries on either driver; they also run on
 * PGlite end to end, in the browser tests, whose server uses it. Without PostgreSQL, every
 * server test runs on PGlite.
 */
const embeddedDatabaseTests = [
  'src/db/**/*.test.ts',
  'src/seed/**/*.test.ts',
  '**/*.pglite.test.ts',
  'test/reliability/concurrency.test.ts',
  'test/reliability/draining.test.ts',
];

/**
 * Tests of what no database changes (the OpenAPI documents, linted and turned into types: a
 * quarter of a minute of work): they run once, on PGlite.
 */
const databaseFreeTests = ['src/http/openapi.test.ts'];

const serverProject = (driver: 'pglite' | 'postgres'): TestProjectInlineConfiguration => ({
  test: {
    name: `server-${driver}`,
    root: 'apps/server',
    include:
      driver === 'pglite' && postgresUrl
        ? [...embeddedDatabaseTests, ...databaseFreeTests]
        : ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // *.postgres.test.ts prove what only a multi-connection server can show, *.pglite.test.ts
    // what only the embedded database has (its template, the session cache). The process-level
    // suites run once, in their own project below.
    exclude: [
      '**/node_modules/**',
      'test/reliability/process/**',
      ...(driver === 'postgres'
        ? ['**/*.pglite.test.ts', ...databaseFreeTests]
        : ['**/*.postgres.test.ts']),
    ],
    environment: 'node',
    // Each file starts its own server on its own database and mocks nothing, so the files of a
    // worker share its loaded modules (the server, PGlite's WebAssembly): a quarter faster.
    isolate: false,
    env: {
      TEST_DB_DRIVER: driver,
      ...(postgresUrl ? { TEST_DATABASE_URL: postgresUrl } : {}),
      ...(mqttUrl ? { TEST_MQTT_URL: mqttUrl } : {}),
    },
    // One migrated database per run, which each test server copies (test/test-server.ts).
    ...(driver === 'postgres' ? { globalSetup: ['test/postgres-template.global.ts'] } : {}),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

if (!postgresUrl) {
  console.warn('TEST_DATABASE_URL is not set: server tests run on PGlite only.');
}

export default defineConfig({
  test: {
    // Vitest's default is one worker per core minus one, a single worker on a 2-core machine;
    // most server tests wait on a database or a child process, so two keep both cores busy.
    maxWorkers: 2,
    projects: [
      'apps/web',
      'packages/ui',
      {
        test: {
          name: 'tooling',
          include: [
            'packages/contract/src/**/*.test.ts',
            'packages/locales/**/*.test.ts',
            'tooling/**/*.test.ts',
          ],
          testTimeout: 30_000,
          environment: 'node',
        },
      },
      serverProject('pglite'),
      ...(postgresUrl ? [serverProject('postgres')] : []),
      {
        // The process-level suites (crashes, scale-out, soak, the server's start and stop): they
        // spawn the real server (kill -9, two instances) and pick their databases themselves, so
        // they run once, not once per driver.
        test: {
          name: 'reliability-process',
          root: 'apps/server',
          include: ['test/reliability/process/**/*.test.ts'],
          exclude: ['**/node_modules/**', ...(postgresUrl ? [] : ['**/*.postgres.test.ts'])],
          environment: 'node',
          env: postgresUrl ? { TEST_DATABASE_URL: postgresUrl } : {},
          testTimeout: 180_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
