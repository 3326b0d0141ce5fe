import {
  windowOutcome,
  type CounterOperation,
  type CounterOutcome,
  type CounterRead,
  type CounterStore,
} from '../counter-store';
import type { MemcacheStoreOptions } from '../counter-store-options';
import { previousWindowKey } from '../build-cache-key';
import { buildTlsOptions } from '../build-tls-options';
import { expirySeconds } from '../expiry-seconds';
import { COUNTER_CEILING, saturateCount } from '../saturate-count';
import { StorageOptionsError } from '../storage-options-error';
import { storeClosedError, StoreUnavailableError } from '../store-unavailable-error';
import { MemcacheClient } from './memcache-client';
import { toMemcacheKey } from './memcache-key';
import { resolveSrvServers } from './resolve-srv-servers';

/** memcached reads an expiry above 30 days as an absolute Unix time. */
const MAX_RELATIVE_EXPIRY_SECONDS = 30 * 24 * 3600;

/**
 * Window counters in memcached with the reference's semantics (docs/stores.md#memcache): one multi-get
 * gives `stored`, the call answers `stored + addend`, and the increments happen afterwards
 * (incr; on a miss add with expiry = window + jitter; if add finds the key, incr again). A sliding
 * window's previous key joins the same multi-get, and its current key lives two windows.
 * Token buckets need an atomic read-modify-write that memcached does not offer: rules using them
 * are refused at load, so none reaches this store.
 * Concurrent callers can therefore overshoot, as in the reference. Failures fail open (a failed
 * read counts as 0) and are reported through onEvent with the reference's stat names:
 * memcache.multiget {code}, memcache.keys_requested / keys_found (value = count),
 * memcache.increment {code: success|miss|error}, memcache.add {code: success|not_stored|error}.
 * Health does not depend on memcached (the reference's memcache backend never turns healthy).
 */
export class MemcachedCounterStore implements CounterStore {
  private readonly client: MemcacheClient;
  private readonly pending = new Set<Promise<void>>();
  private readonly readyPromise: Promise<void>;
  private readonly refreshTimer: NodeJS.Timeout | undefined;
  private serversKnown: boolean;
  private closed = false;

  constructor(private readonly options: MemcacheStoreOptions) {
    const hasHostPorts = (options.hostPorts?.length ?? 0) > 0;
    if (hasHostPorts === Boolean(options.srv)) {
      throw new StorageOptionsError(
        'memcache needs exactly one of hostPorts (ALTCACHE_HOST_PORT) and srv (ALTCACHE_SRV)',
      );
    }
    this.client = new MemcacheClient({
      servers: options.hostPorts ?? [],
      connectionsPerServer: options.maxIdleConnections,
      tls: options.tls ? buildTlsOptions(options.tls) : undefined,
      timeoutMs: options.timeoutMs,
    });
    this.serversKnown = hasHostPorts;
    this.readyPromise = hasHostPorts ? Promise.resolve() : this.resolveInitialServers();
    this.readyPromise.catch(() => undefined); // reported through ready(); never unhandled
    if (options.srv && (options.srvRefreshMs ?? 0) > 0) {
      this.refreshTimer = setInterval(() => void this.refreshServers(), options.srvRefreshMs);
      this.refreshTimer.unref();
    }
  }

  async countMany(operations: readonly CounterOperation[]): Promise<CounterOutcome[]> {
    if (this.closed) throw storeClosedError('memcache');
    if (operations.length === 0) return [];
    const keys: string[] = [];
    const previousKeys: (string | undefined)[] = [];
    for (const operation of operations) {
      if (operation.primitive === 'take_tokens')
        throw new Error('memcached cannot run take_tokens (STORE_CAPABILITIES)');
      keys.push(toMemcacheKey(operation.key));
      const isSliding = operation.primitive === 'increment_and_read_previous';
      const previousKey = isSliding ? previousWindowKey(operation.key, operation.windowSeconds) : undefined;
      previousKeys.push(previousKey === undefined ? undefined : toMemcacheKey(previousKey));
    }
    const previous = previousKeys.filter((key): key is string => key !== undefined);
    const stored = await this.readStored(keys.concat(previous));
    const counts = keys.map((key) => storedCount(stored.get(key)));
    const outcomes = operations.map((operation, i) =>
      windowOutcome(
        saturateCount(counts[i] + operation.addend),
        storedCount(stored.get(previousKeys[i] ?? '')),
      ),
    );
    const increments = operations.map((operation, i) => {
      // a saturated counter stays where it is: memcached's incr wraps past 2^64 - 1 to small numbers
      if (counts[i] >= COUNTER_CEILING) return undefined;
      const lifetimeSeconds =
        operation.primitive === 'increment_and_read_previous'
          ? 2 * operation.windowSeconds
          : operation.windowSeconds;
      return this.incrementLater(keys[i], operation.addend, lifetimeSeconds);
    });
    this.track(Promise.all(increments).then(() => undefined));
    return outcomes;
  }

  async getMany(reads: readonly CounterRead[]): Promise<number[]> {
    if (this.closed) throw storeClosedError('memcache');
    if (reads.length === 0) return [];
    const keys = reads.map((read) => toMemcacheKey(read.key));
    const stored = await this.readStored(keys);
    return keys.map((key) => storedCount(stored.get(key)));
  }

  /** Waits until every increment started so far has finished (tests; shutdown). */
  async flush(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  ready(): Promise<void> {
    return this.readyPromise;
  }

  isHealthy(): boolean {
    return !this.closed;
  }

  /** The nodes keys are spread over, in hashing order. */
  get servers(): readonly string[] {
    return this.client.servers;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.refreshTimer) clearInterval(this.refreshTimer);
    await this.flush();
    this.client.close();
  }

  /** Fail open: any error reads as "nothing stored". */
  private async readStored(keys: string[]): Promise<Map<string, string>> {
    if (!this.serversKnown) await this.readyPromise.catch(() => undefined);
    const unique = [...new Set(keys)];
    this.emit('memcache.keys_requested', undefined, unique.length);
    try {
      const found = await this.client.getMulti(unique);
      this.emit('memcache.multiget', { code: 'success' });
      this.emit('memcache.keys_found', undefined, found.size);
      return found;
    } catch {
      this.emit('memcache.multiget', { code: 'error' });
      return new Map();
    }
  }

  /** `key` is a wire key (toMemcacheKey); a new key expires after `lifetimeSeconds` + jitter. */
  private async incrementLater(key: string, addend: number, lifetimeSeconds: number): Promise<void> {
    try {
      if ((await this.client.incr(key, addend)) !== undefined)
        return this.emit('memcache.increment', { code: 'success' });
      this.emit('memcache.increment', { code: 'miss' });
    } catch {
      return this.emit('memcache.increment', { code: 'error' });
    }
    try {
      if (await this.client.add(key, String(addend), this.expiryFor(lifetimeSeconds))) {
        return this.emit('memcache.add', { code: 'success' });
      }
      this.emit('memcache.add', { code: 'not_stored' });
      // another caller added it in between: increment instead
      const after = await this.client.incr(key, addend);
      this.emit('memcache.increment', { code: after === undefined ? 'miss' : 'success' });
    } catch {
      this.emit('memcache.add', { code: 'error' });
    }
  }

  /**
   * Window + jitter; beyond 30 days memcached wants an absolute time (the reference sends YEAR
   * windows as relative seconds, which memcached reads as a date in 1971 and expires at once).
   */
  private expiryFor(windowSeconds: number): number {
    const relative = expirySeconds(windowSeconds, this.options.jitterMaxSeconds, this.options.random);
    if (relative <= MAX_RELATIVE_EXPIRY_SECONDS) return relative;
    return Math.floor(this.options.now() / 1000) + relative;
  }

  private track(work: Promise<void>): void {
    this.pending.add(work);
    void work.finally(() => this.pending.delete(work));
  }

  private async resolveInitialServers(): Promise<void> {
    try {
      this.client.setServers(await resolveSrvServers(this.options.srv ?? '', this.options.resolveSrv));
      this.serversKnown = true;
    } catch (error) {
      const reason = `cannot resolve SRV ${this.options.srv}: ${(error as Error).message}`;
      throw new StoreUnavailableError('memcache', reason, { cause: error });
    }
  }

  /** Refresh failures keep the previous node list (reference: only logged). */
  private async refreshServers(): Promise<void> {
    try {
      this.client.setServers(await resolveSrvServers(this.options.srv ?? '', this.options.resolveSrv));
      this.serversKnown = true;
      this.emit('memcache.srv_refresh', { code: 'success' });
    } catch {
      this.emit('memcache.srv_refresh', { code: 'error' });
    }
  }

  private emit(name: string, tags?: Readonly<Record<string, string>>, value?: number): void {
    this.options.onEvent?.(name, tags, value);
  }
}

/**
 * A stored count: memcached's incr keeps an unsigned 64-bit decimal; above COUNTER_CEILING it reads
 * as saturated (docs/stores.md#saturated-counters; the reference parses int32 and reads a larger
 * count as 0, under every limit). Anything else (written by hand) reads as 0: fail-open.
 */
function storedCount(value: string | undefined): number {
  if (value === undefined) return 0;
  const text = value.trim();
  return /^\d+$/.test(text) ? saturateCount(Number(text)) : 0;
}
