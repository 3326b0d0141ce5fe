// The Prometheus app's root module: PrometheusModule with the scrape controller at PULLSTATS_PATH
// and prom-client's default process metrics (process_*, nodejs_*) in the pull sink's registry,
// so one scrape returns both. Global, so PrometheusModule's controller can inject the source.
import { Module, type DynamicModule } from '@nestjs/common';
import { PrometheusModule } from '@willsoto/nestjs-prometheus';
import { ScrapeController } from './scrape.controller';
import { SCRAPE_SOURCE, type ScrapeSource } from './scrape-source';

@Module({})
export class PrometheusAppModule {
  static forRoot(source: ScrapeSource, path: string): DynamicModule {
    return {
      module: PrometheusAppModule,
      global: true,
      imports: [
        PrometheusModule.register({
          path,
          controller: ScrapeController,
          defaultMetrics: { enabled: true, config: { register: source.registry } },
        }),
      ],
      providers: [{ provide: SCRAPE_SOURCE, useValue: source }],
      exports: [SCRAPE_SOURCE],
    };
  }
}
