// The Prometheus pull listener on PULLSTATS_ADDR (docs/observability.md): opens with the other
// listeners once the app is initialised, serving the pull sink's registry, and closes when the
// app shuts down. Its Nest app and packages are loaded on demand, so replicas without pull stats
// never load them. A busy address rejects with PULLSTATS_ADDR in the message and start-up fails.
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '../../core-tokens';
import { SETTINGS, type Settings } from '../../settings/settings';
import type { RunningPrometheusApp } from './prometheus/start-prometheus-app';
import { StatsSinkLifecycle } from './stats-sink-lifecycle';

@Injectable()
export class PrometheusListener implements OnApplicationBootstrap, OnApplicationShutdown {
  private app: RunningPrometheusApp | undefined;

  constructor(
    @Inject(SETTINGS) private readonly settings: Settings,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(StatsSinkLifecycle) private readonly sink: StatsSinkLifecycle,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const prometheus = this.sink.prometheus;
    if (prometheus === undefined) return;
    const { startPrometheusApp } = await import('./prometheus/start-prometheus-app.js');
    const { pull } = this.settings.stats;
    this.app = await startPrometheusApp({
      ...pull,
      registry: prometheus.metrics.registry,
      beforeScrape: this.sink.flush,
      server: this.settings.server,
      logger: this.logger,
    });
    this.logger.info(`stats: Prometheus listening on ${pull.addr} (port ${this.app.port})`);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.app?.close();
  }
}
