import {
  Controller,
  Get,
  Header,
  Headers,
  Inject,
  NotFoundException,
  Param,
  Res,
  StreamableFile,
} from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { StaticFiles } from './load-static-files';

export const STATIC_FILES = Symbol('STATIC_FILES');

// The page loads only its own script and stylesheet; the API is same-origin.
const CONTENT_SECURITY_POLICY =
  "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'";

/**
 * GET / (the page) and GET /<file> (its scripts, stylesheet, source maps, route catalogue),
 * gzipped when the client accepts it and the file has a gzipped copy.
 */
@Controller()
export class StaticFilesController {
  constructor(@Inject(STATIC_FILES) private readonly files: StaticFiles) {}

  @Get()
  @Header('content-security-policy', CONTENT_SECURITY_POLICY)
  @Header('x-content-type-options', 'nosniff')
  @Header('cache-control', 'no-cache')
  page(
    @Headers('accept-encoding') acceptEncoding: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): StreamableFile {
    return this.serve('index.html', acceptEncoding, reply);
  }

  @Get(':name')
  @Header('content-security-policy', CONTENT_SECURITY_POLICY)
  @Header('x-content-type-options', 'nosniff')
  @Header('cache-control', 'no-cache')
  file(
    @Param('name') name: string,
    @Headers('accept-encoding') acceptEncoding: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): StreamableFile {
    return this.serve(name, acceptEncoding, reply);
  }

  private serve(name: string, acceptEncoding: string | undefined, reply: FastifyReply): StreamableFile {
    const file = this.files.get(name);
    if (!file) throw new NotFoundException(`no such file: /${name}`);
    reply.header('vary', 'accept-encoding');
    const content = file.gzipped && /\bgzip\b/.test(acceptEncoding ?? '') ? file.gzipped : file.content;
    if (content !== file.content) reply.header('content-encoding', 'gzip');
    return new StreamableFile(content, { type: file.contentType, length: content.length });
  }
}
