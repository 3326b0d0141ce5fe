import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { join } from 'node:path';
import { createPlaygroundApp } from '../../src/create-playground-app';

export interface RunningPlayground {
  readonly app: NestFastifyApplication;
  /** `http://127.0.0.1:<port>` (no trailing slash). */
  readonly baseUrl: string;
}

/**
 * The built app (page from <dist>/apps/endpoint-playground/public, next to this compiled file's
 * folder) listening on a free loopback port chosen by the OS. The caller closes `app`.
 */
export async function startPlayground(): Promise<RunningPlayground> {
  const publicDir = join(__dirname, '..', '..', 'public');
  const app = await createPlaygroundApp({ publicDir, logger: false });
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address();
  if (typeof address !== 'object' || address === null) throw new Error('the playground is not listening');
  return { app, baseUrl: `http://127.0.0.1:${address.port}` };
}
