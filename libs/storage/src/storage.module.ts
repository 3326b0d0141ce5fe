import { Inject, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { CACHED_COUNTERS, CachedCounters } from './cached/cached-counters';
import { DEFAULT_FLUSH_INTERVAL_MS, DEFAULT_MAX_KEYS } from './cached/cached-counter-options';
import type { CounterStore } from './counter-store';
import type { CounterStoreOptions } from './counter-store-options';
import { createCounterStore } from './create-counter-store';

/** Injection token of the app's CounterStore. */
export const COUNTER_STORE = Symbol('COUNTER_STORE');
const STORAGE_MODULE_OPTIONS = Symbol('STORAGE_MODULE_OPTIONS');

export interface StorageModuleOptions {
  /**
   * Wait for the store's start-up probe before the app finishes booting (the reference opens no
   * listener before Redis answers PING). Default true.
   */
  readonly waitUntilReady?: boolean;
  /** Cached counting's engines (docs/stores.md#cached-counting); defaults 250 ms and 10,000 keys. */
  readonly cachedCounting?: {
    readonly flushIntervalMs?: number;
    readonly maxKeys?: number;
    /** Told at shutdown the hits each store's engine could not flush (only stores that had an engine). */
    readonly onClosed?: (unflushedHits: Readonly<Record<string, number>>) => void;
  };
}

/**
 * The only Nest file of the library: provides COUNTER_STORE and CACHED_COUNTERS, and on shutdown
 * flushes the engines, then closes the store.
 */
@Module({})
export class StorageModule implements OnApplicationShutdown {
  constructor(
    @Inject(COUNTER_STORE) private readonly store: CounterStore,
    @Inject(CACHED_COUNTERS) private readonly cachedCounters: CachedCounters,
    @Inject(STORAGE_MODULE_OPTIONS) private readonly moduleOptions: StorageModuleOptions,
  ) {}

  static forRoot(options: CounterStoreOptions, moduleOptions: StorageModuleOptions = {}): DynamicModule {
    const cached = moduleOptions.cachedCounting;
    return {
      module: StorageModule,
      global: true,
      providers: [
        { provide: STORAGE_MODULE_OPTIONS, useValue: moduleOptions },
        {
          provide: COUNTER_STORE,
          useFactory: async (): Promise<CounterStore> => {
            const store = createCounterStore(options);
            if (moduleOptions.waitUntilReady ?? true) await store.ready();
            return store;
          },
        },
        {
          provide: CACHED_COUNTERS,
          useFactory: (store: CounterStore) =>
            new CachedCounters(store, {
              flushIntervalMs: cached?.flushIntervalMs ?? DEFAULT_FLUSH_INTERVAL_MS,
              maxKeys: cached?.maxKeys ?? DEFAULT_MAX_KEYS,
              now: options.now,
              onEvent: options.onEvent,
            }),
          inject: [COUNTER_STORE],
        },
      ],
      exports: [COUNTER_STORE, CACHED_COUNTERS],
    };
  }

  /**
   * After the servers stopped taking requests: send the hits counted cached (SIGTERM loses none
   * the store takes), finish pending work, close connections.
   */
  async onApplicationShutdown(): Promise<void> {
    const unflushed = await this.cachedCounters.close();
    if (Object.keys(unflushed).length > 0) this.moduleOptions.cachedCounting?.onClosed?.(unflushed);
    await this.store.close();
  }
}
