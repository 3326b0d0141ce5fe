// TRACING_ENABLED as a Nest module (docs/development.md#start-up-and-shutdown): with tracing on,
// its one provider sets up OpenTelemetry while the modules initialise, before any listener opens,
// and exports the spans still queued once the app has shut down, after the listeners closed.
// With tracing off the SDK is never loaded. Either way the module provides the tracer, global
// (TRACER_HOLDER): what creates spans injects it.
import {
  Inject,
  Injectable,
  Module,
  type DynamicModule,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '../core-tokens';
import { SETTINGS, type Settings, type TracingSettings } from '../settings/settings';
import { startTracing, type RunningTracing } from './start-tracing';
import { idleTracerHolder, TRACER_HOLDER, type SettableTracerHolder } from './tracer-holder';

@Injectable()
export class TracingLifecycle implements OnModuleInit, OnApplicationShutdown {
  private running: RunningTracing | undefined;

  constructor(
    @Inject(SETTINGS) private readonly settings: Settings,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(TRACER_HOLDER) private readonly holder: SettableTracerHolder,
  ) {}

  async onModuleInit(): Promise<void> {
    this.running = await startTracing(this.settings.tracing, this.logger, this.holder);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.running?.stop();
  }
}

@Module({})
export class TracingModule {
  static forRoot(settings: TracingSettings): DynamicModule {
    const holder = { provide: TRACER_HOLDER, useValue: idleTracerHolder() };
    return {
      module: TracingModule,
      global: true,
      providers: settings.enabled ? [holder, TracingLifecycle] : [holder],
      exports: [TRACER_HOLDER],
    };
  }
}
