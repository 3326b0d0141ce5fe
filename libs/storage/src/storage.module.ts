import { Inject, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import type { CounterStore } from './counter-store';
import type { CounterStoreOptions } from './counter-store-options';
import { createCounterStore } from './create-counter-store';

/** Injection token of the app's CounterStore. */
export const COUNTER_STORE = Symbol('COUNTER_STORE');

export interface StorageModuleOptions {
  /**
   * Wait for the store's start-up probe before the app finishes booting (the reference opens no
   * listener before Redis answers PING). Default true.
   */
  readonly waitUntilReady?: boolean;
}

/** The only Nest file of the library: provides COUNTER_STORE and closes it on shutdown. */
@Module({})
export class StorageModule implements OnApplicationShutdown {
  constructor(@Inject(COUNTER_STORE) private readonly store: CounterStore) {}

  static forRoot(options: CounterStoreOptions, moduleOptions: StorageModuleOptions = {}): DynamicModule {
    return {
      module: StorageModule,
      global: true,
      providers: [
        {
          provide: COUNTER_STORE,
          useFactory: async (): Promise<CounterStore> => {
            const store = createCounterStore(options);
            if (moduleOptions.waitUntilReady ?? true) await store.ready();
            return store;
          },
        },
      ],
      exports: [COUNTER_STORE],
    };
  }

  /** After the servers stopped taking requests: finish pending work, close connections. */
  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }
}
