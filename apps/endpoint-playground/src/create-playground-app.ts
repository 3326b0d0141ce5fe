import { type LoggerService, type LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { PlaygroundModule } from './app.module';
import { loadStaticFiles } from './load-static-files';

export interface PlaygroundAppOptions {
  /** Folder with index.html and the browser bundle (<dist>/apps/endpoint-playground/public). */
  readonly publicDir: string;
  readonly logger?: LoggerService | LogLevel[] | false;
}

/**
 * The playground as a Nest application (not listening yet), used by main.ts and by the tests.
 * Fastify's JSON parser is replaced by one that keeps every body as text: the controller then
 * parses it itself, so a malformed body gets our 400 shape and a line/column position instead
 * of Fastify's own error (which has another shape and no position), whatever the content-type.
 */
export async function createPlaygroundApp(options: PlaygroundAppOptions): Promise<NestFastifyApplication> {
  const staticFiles = loadStaticFiles(options.publicDir);
  const app = await NestFactory.create<NestFastifyApplication>(
    PlaygroundModule.forRoot({ staticFiles }),
    new FastifyAdapter(),
    { bodyParser: false, logger: options.logger },
  );
  const fastify = app.getHttpAdapter().getInstance();
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  return app;
}
