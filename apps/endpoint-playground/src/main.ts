import { Logger } from '@nestjs/common';
import { join } from 'node:path';
import { createPlaygroundApp } from './create-playground-app';
import { readPlaygroundSettings, type PlaygroundSettings } from './settings';

// Entry point (dist/apps/endpoint-playground/main.js requires this file): settings first, so
// that no port is opened with a bad configuration, then the app, shutdown hooks and listen.

function settingsOrExit(): PlaygroundSettings {
  try {
    return readPlaygroundSettings();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}

async function bootstrap(): Promise<void> {
  const settings = settingsOrExit();
  // Compiled to <dist>/apps/endpoint-playground/src/main.js; the build puts the page beside src/.
  const app = await createPlaygroundApp({ publicDir: join(__dirname, '..', 'public') });
  app.enableShutdownHooks();
  await app.listen(settings.port, settings.host);
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : settings.port;
  new Logger('EndpointPlayground').log(`listening on http://${settings.host}:${port}/`);
}

bootstrap().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
