// GET <PULLSTATS_PATH>: @willsoto/nestjs-prometheus's controller (PrometheusModule sets its path),
// serving the pull sink's registry instead of prom-client's global one, after a flush.
import { Controller, Get, Inject, Res } from '@nestjs/common';
import { PrometheusController } from '@willsoto/nestjs-prometheus';
import type { FastifyReply } from 'fastify';
import { SCRAPE_SOURCE, type ScrapeSource } from './scrape-source';

@Controller()
export class ScrapeController extends PrometheusController {
  constructor(@Inject(SCRAPE_SOURCE) private readonly source: ScrapeSource) {
    super();
  }

  @Get()
  override async index(@Res({ passthrough: true }) response: FastifyReply): Promise<string> {
    this.source.beforeScrape();
    void response.header('content-type', this.source.registry.contentType);
    return this.source.registry.metrics();
  }
}
