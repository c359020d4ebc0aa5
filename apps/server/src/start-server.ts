import type { Server } from 'node:http';
import { buildVersion } from './config/build-version';
import { InvalidEnvironmentError, loadSettings, readProcessEnv } from './config/env';
import { DatabaseUnreachableError, openDatabase } from './db/client';
import { readDatabaseTemplate } from './seed/database-template';

/**
 * What `npm start` runs (through server.ts): validate settings, open and migrate the database,
 * seed, listen.
 * The database opens while the application's modules load (each takes a few hundred ms, and
 * the first answer waits for both).
 */
async function main(): Promise<void> {
  // Whoever reads the server's output may go away (`npm start | head`, a log collector that
  // stops): the server goes on without it. The log stops writing there by itself; a failed
  // write of the line below would otherwise end the process, which then hung, flushing the log
  // into the closed pipe for ever.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
  const settings = loadSettings(readProcessEnv());
  // Before the modules whose calls it traces are loaded (the HTTP server, the PostgreSQL driver).
  const stopTracing = settings.tracing
    ? await (
        await import('./metrics/tracing')
      ).startTracing({ ...settings.tracing, serviceVersion: buildVersion })
    : undefined;
  const opening = openDatabase(settings.databaseUrl, {
    // The template holds demo data: a database without demo data starts empty. Read only when
    // a new embedded database is made.
    pgliteSnapshot: settings.demoData ? () => readDatabaseTemplate() : undefined,
  });
  // Settled at once so that a failed open is reported by the `await` below, not as unhandled.
  opening.catch(() => undefined);
  const [
    { buildApp },
    { applyMigrations },
    { runSeedSteps },
    { seedSteps },
    { moveAttachmentFilesToDatabase },
  ] = await Promise.all([
    import('./app'),
    import('./db/migrate'),
    import('./db/seed'),
    import('./seed/seed-steps'),
    import('./services/refill/attachment-store'),
  ]);
  const database = await opening;
  await applyMigrations(database);
  await runSeedSteps(database.db, seedSteps(settings));
  // On PostgreSQL attachments live in the database: files left in DATA_DIR move there.
  const moved =
    database.kind === 'postgres'
      ? await moveAttachmentFilesToDatabase(database.db, settings.dataDir)
      : 0;

  const app = await buildApp({ settings, database });
  for (const warning of settings.warnings) app.log.warn(warning);
  if (moved) app.log.info({ moved }, 'attachment files moved into the database');
  let metricsServer: Server | undefined;
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    const drainSeconds = settings.shutdownDrainSeconds;
    app.log.info(
      { signal, drainSeconds },
      'shutting down: draining, then finishing in-flight requests',
    );
    // Behind a load balancer: health says 503 and requests are still served while it drains us.
    app.startDraining();
    metricsServer?.close();
    // Then close() stops accepting, lets in-flight requests finish, and closes the database.
    setTimeout(() => {
      app
        .close()
        // The spans of the last requests are sent before the process ends.
        .then(() => stopTracing?.())
        .then(
          () => process.exit(0),
          (error: unknown) => {
            app.log.error({ err: error }, 'shutdown failed');
            process.exit(1);
          },
        );
    }, drainSeconds * 1000);
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: settings.port, host: settings.host });
  if (settings.metricsPort !== undefined) {
    metricsServer = await app.metrics.listen(settings.metricsPort, settings.host);
    const metricsAddress = metricsServer.address();
    app.log.info(
      { port: typeof metricsAddress === 'object' && metricsAddress ? metricsAddress.port : null },
      'metrics served at /metrics',
    );
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : settings.port;
  // The address people use is PUBLIC_URL's (the one accepted as Origin, and the one in the
  // e-mails); without PUBLIC_URL it is localhost on the port actually taken.
  const url = settings.acceptListeningOrigin
    ? `http://localhost:${port}`
    : settings.publicUrl.origin;
  app.log.info({ url, database: database.kind, appEnv: settings.appEnv }, `portal ready at ${url}`);
  // Printed plainly as well, for the person who ran `npm start`.
  process.stdout.write(`\nCustomer portal running at ${url}\n\n`);
}

main().catch((error: unknown) => {
  if (error instanceof InvalidEnvironmentError || error instanceof DatabaseUnreachableError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`Start-up failed: ${(error as Error).stack ?? String(error)}\n`);
  }
  process.exit(1);
});
