import { Controller, Get, Header, Inject, NotFoundException, Param, StreamableFile } from '@nestjs/common';
import type { StaticFiles } from './load-static-files';

export const STATIC_FILES = Symbol('STATIC_FILES');

// The page loads only its own script and stylesheet; the API is same-origin.
const CONTENT_SECURITY_POLICY =
  "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'";

/** GET / (the page) and GET /<file> (its script, stylesheet, source map). */
@Controller()
export class StaticFilesController {
  constructor(@Inject(STATIC_FILES) private readonly files: StaticFiles) {}

  @Get()
  @Header('content-security-policy', CONTENT_SECURITY_POLICY)
  @Header('x-content-type-options', 'nosniff')
  @Header('cache-control', 'no-cache')
  page(): StreamableFile {
    return this.serve('index.html');
  }

  @Get(':name')
  @Header('content-security-policy', CONTENT_SECURITY_POLICY)
  @Header('x-content-type-options', 'nosniff')
  @Header('cache-control', 'no-cache')
  file(@Param('name') name: string): StreamableFile {
    return this.serve(name);
  }

  private serve(name: string): StreamableFile {
    const file = this.files.get(name);
    if (!file) throw new NotFoundException(`no such file: /${name}`);
    return new StreamableFile(file.content, { type: file.contentType, length: file.content.length });
  }
}
