// RateLimitService without Nest for unit tests: real RuleRegistry fed with YAML rules, the real
// memory store (optionally made to fail like an unreachable Redis), the real OverLimitCache and
// StatsService, and a fake clock.
import assert from 'node:assert/strict';
import { parseYamlConfig, RuleRegistry, type Descriptor, type RuleSource } from '@repo/rules';
import {
  createCounterStore,
  OverLimitCache,
  STORE_CAPABILITIES,
  StoreUnavailableError,
  type CounterOperation,
  type CounterOutcome,
  type CounterRead,
  type CounterStore,
} from '@repo/storage';
import { HitCounter } from '../../src/limiter/hit-counter';
import type { RateLimitDecision, RateLimitRequest } from '../../src/rate-limit-types';
import { DecisionObservers } from '../../src/ratelimit/decision-observers';
import type { RateLimitOptions } from '../../src/ratelimit/ratelimit-options';
import { RateLimitService } from '../../src/ratelimit/ratelimit.service';
import { StatsService } from '../../src/stats/stats.service';
import { FakeClock } from './fake-clock';

/** Tracing off. */
export const NO_TRACER = Object.freeze({ tracer: undefined, propagator: undefined });

/** The registry is fed with apply(); nothing is ever started. */
const IDLE_SOURCE: RuleSource = { start: async () => undefined, stop: async () => undefined };

/** The memory store, which can be switched to fail like an unreachable Redis. */
export class SwitchableStore implements CounterStore {
  /** When set, every call rejects with this error. */
  failure: Error | undefined;
  incrementCalls = 0;

  constructor(readonly inner: CounterStore) {}

  failWithRedisError(): void {
    this.failure = new StoreUnavailableError('redis', 'connect ECONNREFUSED 127.0.0.1:6379');
  }

  countMany(operations: readonly CounterOperation[]): Promise<CounterOutcome[]> {
    this.incrementCalls++;
    return this.failure ? Promise.reject(this.failure) : this.inner.countMany(operations);
  }
  getMany(reads: readonly CounterRead[]): Promise<number[]> {
    return this.failure ? Promise.reject(this.failure) : this.inner.getMany(reads);
  }
  flush = () => this.inner.flush();
  ready = () => this.inner.ready();
  isHealthy = () => this.inner.isHealthy();
  close = () => this.inner.close();
}

export interface HarnessOptions extends Partial<RateLimitOptions> {
  /** LOCAL_CACHE_SIZE_IN_BYTES > 0 (default off). */
  readonly localCache?: boolean;
  /** STOP_CACHE_KEY_INCREMENT_WHEN_OVERLIMIT (default off). */
  readonly stopIncrement?: boolean;
  /** STATS_MAX_KEYS (default 10000). */
  readonly statsMaxKeys?: number;
  /** Epoch seconds of the fake clock (default 2222: 58 s left in the minute). */
  readonly nowSeconds?: number;
}

export interface ServiceHarness {
  readonly sut: RateLimitService;
  readonly registry: RuleRegistry;
  readonly store: SwitchableStore;
  readonly localCache: OverLimitCache;
  readonly stats: StatsService;
  readonly clock: FakeClock;
  /** Where the service reports its decisions. */
  readonly observers: DecisionObservers;
  /** ShouldRateLimit for `domain` with one descriptor per argument. */
  call(domain: string, descriptors: readonly Descriptor[], hitsAddend?: number): Promise<RateLimitDecision>;
  /** Current value of a counter by its full name (0 when it was never created). */
  counter(name: string): number;
  /** `ratelimit.service.rate_limit.<statsKey>.<stat>`. */
  limitStat(statsKey: string, stat: string): number;
}

/** Loads YAML rule files (one string per file) into the registry; fails the test on a rule error. */
export function loadRules(registry: RuleRegistry, ...files: string[]): void {
  const configs = files.map((text, i) => {
    const parsed = parseYamlConfig(`config.rules${i}.yaml`, text);
    assert.deepEqual(parsed.errors, []);
    return parsed.config!;
  });
  const event = registry.apply(configs);
  assert.ok(event.ok, event.ok ? '' : event.message);
}

export function createServiceHarness(
  rules: string | undefined,
  options: HarnessOptions = {},
): ServiceHarness {
  const clock = new FakeClock((options.nowSeconds ?? 2222) * 1000);
  const now = () => clock.nowMs();
  const store = new SwitchableStore(
    createCounterStore({ backend: 'memory', now, random: () => 0, jitterMaxSeconds: 0, maxKeys: 10000 }),
  );
  const localCache = new OverLimitCache({ sizeBytes: 0, now });
  const hitCounter = new HitCounter({
    store,
    capabilities: STORE_CAPABILITIES.memory,
    localCache: options.localCache ? localCache : undefined,
    stopIncrementWhenOverLimit: options.stopIncrement ?? false,
  });
  const registry = new RuleRegistry(IDLE_SOURCE, { mergeDomainConfigs: false });
  if (rules !== undefined) loadRules(registry, rules);
  const stats = new StatsService(options.statsMaxKeys ?? 10000);
  const observers = new DecisionObservers();
  const sut = new RateLimitService(
    registry,
    hitCounter,
    stats,
    clock,
    {
      cacheKeyPrefix: options.cacheKeyPrefix ?? '',
      nearLimitRatio: options.nearLimitRatio ?? 0.8,
      isGlobalShadowMode: options.isGlobalShadowMode ?? false,
      isGlobalQuotaMode: options.isGlobalQuotaMode ?? false,
      responseHeaders: options.responseHeaders,
      isDynamicMetadataEnabled: options.isDynamicMetadataEnabled ?? false,
    },
    NO_TRACER,
    observers,
  );
  const counterValue = (name: string) => [...stats.store.counters()].find((c) => c.name === name)?.value ?? 0;
  return {
    sut,
    registry,
    store,
    localCache,
    stats,
    clock,
    observers,
    call: (domain, descriptors, hitsAddend = 0) =>
      sut.shouldRateLimit({ domain, descriptors, hitsAddend } satisfies RateLimitRequest),
    counter: counterValue,
    limitStat: (statsKey, stat) => counterValue(`ratelimit.service.rate_limit.${statsKey}.${stat}`),
  };
}

/** A descriptor from `key=value` strings, e.g. `descriptor('k1=v1', 'k2=')`. */
export function descriptor(...pairs: string[]): Descriptor {
  return {
    entries: pairs.map((pair) => {
      const at = pair.indexOf('=');
      return { key: pair.slice(0, at), value: pair.slice(at + 1) };
    }),
  };
}

/** Sends the same request `times` times in sequence; returns every decision. */
export async function repeat(
  times: number,
  call: () => Promise<RateLimitDecision>,
): Promise<RateLimitDecision[]> {
  const decisions: RateLimitDecision[] = [];
  for (let i = 0; i < times; i++) decisions.push(await call());
  return decisions;
}
