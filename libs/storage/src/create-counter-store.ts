import type { CounterStore } from './counter-store';
import type { CounterStoreOptions } from './counter-store-options';
import { MemcachedCounterStore } from './memcached/memcached-counter-store';
import { MemoryCounterStore } from './memory/memory-counter-store';
import { RedisCounterStore } from './redis/redis-counter-store';

/**
 * The one place that picks a backend (BACKEND_TYPE). Network stores connect in the background;
 * await `ready()` before serving. Throws StorageOptionsError for malformed options.
 */
export function createCounterStore(options: CounterStoreOptions): CounterStore {
  switch (options.backend) {
    case 'memory':
      return new MemoryCounterStore(options);
    case 'redis':
      return new RedisCounterStore(options);
    case 'memcache':
      return new MemcachedCounterStore(options);
    default:
      return assertNever(options);
  }
}

function assertNever(options: never): never {
  throw new Error(
    `unknown counter store backend ${JSON.stringify((options as { backend?: unknown }).backend)}`,
  );
}
