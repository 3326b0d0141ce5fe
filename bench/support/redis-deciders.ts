// The three ways of counting one descriptor that the busy-Redis benchmark compares, driven
// in-process (no gRPC) so that Redis gets a steady stream of work, as it does behind a fleet:
// Envoy's pipeline of INCRBY + EXPIRE per request on one ioredis connection (the peer), and
// RedisCounterStore with its batch script or with per-key commands. openStorePool stands for a pool
// of N connections per store (KV_POOL_SIZE, docs/stores.md#connections-per-store): N stores of one
// connection each, the calls dealt round-robin, so each turn's batch is split over N connections.
import { Redis } from 'ioredis';
import { RedisCounterStore } from '@repo/storage';

export interface Decider {
  readonly name: string;
  /** Counts one hit on `key` (a minute window) and resolves with the count. */
  decide(key: string): Promise<unknown>;
  close(): Promise<void>;
}

const WINDOW_SECONDS = 60;
const JITTER_MAX_SECONDS = 300;

export function openPeer(url: string): Decider {
  const [host, port] = url.split(':');
  const client = new Redis({ host, port: Number(port), enableAutoPipelining: false });
  return {
    name: 'peer: ioredis pipeline per request',
    decide: (key) =>
      client
        .pipeline()
        .incrby(key, 1)
        .expire(key, WINDOW_SECONDS + Math.floor(Math.random() * JITTER_MAX_SECONDS))
        .exec(),
    close: async () => {
      client.disconnect();
    },
  };
}

export async function openStore(url: string, incrementScript: 'on' | 'off'): Promise<Decider> {
  const store = await readyStore(url, incrementScript);
  return {
    name: `service store, ${incrementScript === 'on' ? 'script' : 'commands'}`,
    decide: (key) => store.countMany([{ key, addend: 1, windowSeconds: WINDOW_SECONDS }]),
    close: () => store.close(),
  };
}

export async function openStorePool(url: string, size: number): Promise<Decider> {
  const stores = await Promise.all(Array.from({ length: size }, () => readyStore(url, 'on')));
  let next = 0;
  return {
    name: `service store, script, pool of ${size}`,
    decide: (key) => {
      next = (next + 1) % size;
      return stores[next].countMany([{ key, addend: 1, windowSeconds: WINDOW_SECONDS }]);
    },
    close: async () => {
      await Promise.all(stores.map((store) => store.close()));
    },
  };
}

async function readyStore(url: string, incrementScript: 'on' | 'off'): Promise<RedisCounterStore> {
  const store = new RedisCounterStore({
    backend: 'redis',
    main: { type: 'single', url, timeoutMs: 1000, pipelineWindowMs: 0, pipelineLimit: 0, incrementScript },
    now: Date.now,
    random: Math.random,
    jitterMaxSeconds: JITTER_MAX_SECONDS,
    healthCheckActiveConnection: false,
    startup: { initialIntervalMs: 50, maxIntervalMs: 500, maxElapsedMs: 10_000 },
  });
  await store.ready();
  return store;
}

/** The key the service builds for client n in the current minute window (docs/stores.md). */
export function clientKey(n: number): string {
  const now = Math.floor(Date.now() / 1000);
  return `bench_client_id_client-${n % 1000}_${now - (now % WINDOW_SECONDS)}`;
}
