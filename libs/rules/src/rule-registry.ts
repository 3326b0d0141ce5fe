// Holds the active RuleSnapshot. Every configs delivery from the source is compiled into a new
// snapshot and swapped in atomically; a failed load keeps the last good snapshot (docs/rules.md).
// Subscribers get one event per load attempt (config_load_success / config_load_error, health).
// Source-agnostic: files and xDS both plug in through RuleSource.
import type { UnsupportedAlgorithms } from './compile-algorithm';
import { compileSnapshot } from './compile-snapshot';
import type { RuleSnapshot } from './rule-snapshot';
import type { RawDomainConfig } from './raw-domain-config';
import type { RuleSet, RuleSource } from './sources/rule-source';

export type RuleLoadEvent =
  | {
      readonly ok: true;
      readonly snapshot: RuleSnapshot;
      readonly domainCount: number;
      /** Number of files / xDS resources in the load. */
      readonly configCount: number;
      /** What the source said about a load that did not fail (e.g. a missing rules directory). */
      readonly warnings: readonly string[];
      /** The xDS version of the set; undefined for files. */
      readonly version?: string;
    }
  | { readonly ok: false; readonly error: Error; readonly message: string };

export type RuleLoadListener = (event: RuleLoadEvent) => void;

export interface RuleRegistryOptions {
  /** MERGE_DOMAIN_CONFIG (parsed once at start-up, never re-read on reload). */
  readonly mergeDomainConfigs: boolean;
  /** Algorithms the counter store cannot run: a load using one fails, the rules in force stay. */
  readonly unsupportedAlgorithms?: UnsupportedAlgorithms;
}

export class RuleRegistry {
  private active: RuleSnapshot | undefined;
  private last: RuleLoadEvent | undefined;
  private readonly listeners = new Set<RuleLoadListener>();
  private firstLoadWaiters: ((event: RuleLoadEvent) => void)[] = [];

  constructor(
    private readonly source: RuleSource,
    private readonly options: RuleRegistryOptions,
  ) {}

  /** The active snapshot (hot path); undefined until a load has succeeded. */
  get snapshot(): RuleSnapshot | undefined {
    return this.active;
  }

  /** The most recent load attempt, for late subscribers (health, logs). */
  get lastEvent(): RuleLoadEvent | undefined {
    return this.last;
  }

  /** Starts the source; a source that cannot start is also reported as a failed load. */
  async start(): Promise<void> {
    try {
      await this.source.start(
        (configs, warnings, version) => {
          const event = this.apply(configs, warnings, version);
          return event.ok ? undefined : event.error;
        },
        (error) => this.fail(error),
      );
    } catch (error) {
      this.fail(asError(error));
      throw error;
    }
  }

  async stop(): Promise<void> {
    await this.source.stop();
  }

  /** Re-reads the rules now (SIGHUP). */
  reload(): void {
    this.source.reload?.();
  }

  /** Resolves with the first load attempt (immediately when one already happened). */
  firstLoad(): Promise<RuleLoadEvent> {
    if (this.last !== undefined) return Promise.resolve(this.last);
    return new Promise((resolve) => this.firstLoadWaiters.push(resolve));
  }

  /** Returns the unsubscribe function. */
  subscribe(listener: RuleLoadListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Compiles (unless the source did) and swaps; exposed so tests and the xDS source can drive it
   * directly.
   */
  apply(configs: RuleSet, warnings: readonly string[] = [], version?: string): RuleLoadEvent {
    let snapshot: RuleSnapshot;
    try {
      snapshot = isArray(configs) ? compileSnapshot(configs, this.options) : configs.snapshot;
    } catch (error) {
      return this.fail(asError(error));
    }
    this.active = snapshot;
    return this.emit({
      ok: true,
      snapshot,
      domainCount: snapshot.domains.length,
      configCount: isArray(configs) ? configs.length : configs.configCount,
      warnings,
      ...(version === undefined ? {} : { version }),
    });
  }

  private fail(error: Error): RuleLoadEvent {
    return this.emit({ ok: false, error, message: error.message });
  }

  private emit(event: RuleLoadEvent): RuleLoadEvent {
    this.last = event;
    const waiters = this.firstLoadWaiters;
    this.firstLoadWaiters = [];
    waiters.forEach((resolve) => resolve(event));
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // A failing listener must not stop the others nor the reload itself.
      }
    }
    return event;
  }
}

function isArray(configs: RuleSet): configs is readonly RawDomainConfig[] {
  return Array.isArray(configs);
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
