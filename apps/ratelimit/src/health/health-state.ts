// The service's health components (docs/service.md, "Health"): healthy only when every
// enabled component is. `store` is always on (the store reports its own health; unlike the
// reference, memcache and memory never depend on Redis); `config` only with
// HEALTHY_WITH_AT_LEAST_ONE_CONFIG_LOADED (a successful load with >= 1 domain makes it healthy, one
// with 0 domains unhealthy, a failed load changes nothing); `shutdown` turns unhealthy for good on
// SIGTERM.
import type { OnModuleDestroy } from '@nestjs/common';
import type { RuleLoadEvent, RuleRegistry } from '@repo/rules';
import type { CounterStore } from '@repo/storage';

export interface HealthComponents {
  readonly store: boolean;
  /** undefined when the config component is disabled. */
  readonly config: boolean | undefined;
  readonly shutdown: boolean;
}

export class HealthState implements OnModuleDestroy {
  private isConfigLoaded = false;
  private isShuttingDown = false;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly store: CounterStore,
    registry: RuleRegistry,
    private readonly isConfigComponentEnabled: boolean,
  ) {
    if (registry.lastEvent !== undefined) this.onRuleLoad(registry.lastEvent);
    registry.subscribe((event) => this.onRuleLoad(event));
  }

  components(): HealthComponents {
    return {
      store: this.store.isHealthy(),
      config: this.isConfigComponentEnabled ? this.isConfigLoaded : undefined,
      shutdown: !this.isShuttingDown,
    };
  }

  isHealthy(): boolean {
    const { store, config, shutdown } = this.components();
    return store && config !== false && shutdown;
  }

  /** SIGTERM: unhealthy from now on, so orchestrators stop sending traffic. */
  markShuttingDown(): void {
    this.isShuttingDown = true;
    this.notify();
  }

  /**
   * The first phase of the app's shutdown (docs/development.md#start-up-and-shutdown): unhealthy
   * before gRPC drains and HTTP closes.
   */
  onModuleDestroy(): void {
    this.markShuttingDown();
  }

  /** Called on every change this object knows of (gRPC Watch); store changes are polled by watchers. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private onRuleLoad(event: RuleLoadEvent): void {
    if (!event.ok) return;
    this.isConfigLoaded = event.domainCount > 0;
    this.notify();
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}

export const HEALTH_STATE = Symbol('HEALTH_STATE');
