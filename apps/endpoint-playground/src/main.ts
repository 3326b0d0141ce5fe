import { join } from 'node:path';
import { createPlaygroundApp } from './create-playground-app';
import { createPlaygroundLogger, nestLoggerFor } from './create-playground-logger';
import { readPlaygroundSettings, type PlaygroundSettings } from './settings';

// Entry point (dist/apps/endpoint-playground/main.js requires this file): settings first, so
// that no port is opened with a bad configuration, then the app, shutdown hooks and listen.
// Every log line, Nest's included, is JSON (create-playground-logger.ts).

function settingsOrExit(): PlaygroundSettings {
  try {
    return readPlaygroundSettings();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}

const logger = createPlaygroundLogger();

async function bootstrap(): Promise<void> {
  const settings = settingsOrExit();
  // Compiled to <dist>/apps/endpoint-playground/src/main.js; the build puts the page beside src/.
  const app = await createPlaygroundApp({
    publicDir: join(__dirname, '..', 'public'),
    logger: nestLoggerFor(logger),
  });
  app.enableShutdownHooks();
  await app.listen(settings.port, settings.host);
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : settings.port;
  logger.info({ context: 'EndpointPlayground' }, `listening on http://${settings.host}:${port}/`);
}

bootstrap().catch((error: unknown) => {
  logger.fatal({ err: error }, `endpoint playground failed to start: ${(error as Error).message}`);
  process.exit(1);
});
