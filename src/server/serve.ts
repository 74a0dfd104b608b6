/**
 * Starts the shop (main.ts imports it, after starting traces when they are asked for): reads the configuration, opens and migrates the database, builds the app (which
 * moves an older version's DATA_DIR/images into the image store), seeds the demo catalogue into an
 * empty database, ensures the configured admin and listens.
 * `--dev` serves the pages through Vite with hot reload.
 */
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/client.js';
import { DataDirInUseError } from './db/data-dir-lock.js';
import { DataDirError, ensureWritableDirectory } from './db/pglite-startup.js';
import { seedDemoCatalogue } from './db/seed/index.js';
import { explainMigrateFailure } from './db/startup-errors.js';
import { ensureAdminAccount } from './modules/users/admin-account.js';
import { flushTraces } from './observability/tracing.js';

/** After draining, how long closing may take before the process gives up and exits. */
const SHUTDOWN_TIMEOUT_MS = 20_000;

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const dev = process.argv.includes('--dev');

  let database: DatabaseHandle;
  try {
    // DATA_DIR holds the embedded database, and the marker of the one-time import of an older
    // version's DATA_DIR/images into the image store: it must be a directory the shop can write.
    ensureWritableDirectory(config.dataDir);
    database = await openDatabase(config.database);
  } catch (error) {
    // Causes with a fix the operator can apply: one message, no stack.
    if (error instanceof DataDirInUseError || error instanceof DataDirError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  try {
    await database.migrate();
  } catch (error) {
    const explained = explainMigrateFailure(error, config.database);
    if (!explained) throw error;
    console.error(explained);
    await database.close().catch(() => {});
    process.exit(1);
  }
  // Images an older version kept under DATA_DIR/images are moved into the image store first (once),
  // so neither the pages nor the seed render again what the folder already has.
  const app = await buildApp({
    config,
    database,
    web: dev ? 'development' : 'production',
    importImagesFrom: config.dataDir,
  });
  const seed = await seedDemoCatalogue(database.db, app.images);
  const adminResult = config.admin ? await ensureAdminAccount(database.db, config.admin) : undefined;
  app.log.info(
    { database: database.driver, seeded: seed.seeded, admin: adminResult ?? 'not configured' },
    'database ready',
  );

  let stopping = false;
  const stop = async (signal: string, delayMs: number) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal, delayMs }, 'shutting down: draining, then finishing requests in flight');
    try {
      // Requests already sent but not yet read would be cut off by closing at once; a short drain
      // answers them (with Connection: close) while the load balancer notices the failing health check.
      app.lifecycle.draining = true;
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      // A stuck client must not keep the process alive forever: orchestrators expect an exit.
      let step = 'closing the HTTP server';
      const deadline = setTimeout(() => {
        app.server.getConnections((_error, connections) => {
          app.log.error({ step, connections }, 'shutdown took too long; exiting with requests still open');
          process.exit(1);
        });
      }, SHUTDOWN_TIMEOUT_MS);
      deadline.unref();
      // server.close() drops the connections idle at that instant only; a keep-alive connection
      // whose answer finishes a moment later would otherwise hold the process until its timeout.
      const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
      sweep.unref();
      await app.close();
      clearInterval(sweep);
      step = 'closing the database';
      app.log.info(step);
      await database.close();
      // The last requests' and jobs' spans, still held for the next batch (decision 0074).
      step = 'sending the last traces';
      await flushTraces();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM', config.shutdownDelayMs));
  // Ctrl-C in a terminal: no load balancer to wait for.
  process.once('SIGINT', () => void stop('SIGINT', 0));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      console.error(
        `Port ${config.port} is already in use. Stop the other server or set PORT to a free port.`,
      );
      await database.close();
      process.exit(1);
    }
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(`\n  Shop ready at http://localhost:${port}${dev ? ' (development, hot reload)' : ''}\n`);
}

main().catch((error: unknown) => {
  console.error('Start-up failed:', error);
  process.exit(1);
});
