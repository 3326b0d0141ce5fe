// The registry of counter algorithms: a rule's `algorithm` -> its unit. Adding an algorithm:
// docs/development.md#adding-a-counter-algorithm.
import {
  cachedCountingKey,
  type Algorithm,
  type RateLimitRule,
  type UnsupportedAlgorithms,
} from '@repo/rules';
import { storesCountingCached, storesRunning, type StoreCapabilities } from '@repo/storage';
import type { CounterAlgorithm } from './counter-algorithm';
import { fixedWindow } from './fixed-window';
import { slidingWindow } from './sliding-window';
import { tokenBucket } from './token-bucket';

export const COUNTER_ALGORITHMS: Readonly<Record<Algorithm, CounterAlgorithm>> = Object.freeze({
  fixed_window: fixedWindow,
  sliding_window: slidingWindow,
  token_bucket: tokenBucket,
});

export function algorithmOf(rule: RateLimitRule): CounterAlgorithm {
  return COUNTER_ALGORITHMS[rule.algorithm];
}

/**
 * The algorithms a store cannot run (its capabilities lack their primitive), and those it cannot
 * count with `counting: cached` (docs/rules.md#counting), each with the config error a rule using
 * one gets, so a load using one fails and the rules in force stay. Without capabilities (the config
 * checker not told the store) only what no store can do is refused.
 */
export function unsupportedAlgorithms(capabilities: StoreCapabilities | undefined): UnsupportedAlgorithms {
  const refused = new Map<Algorithm | ReturnType<typeof cachedCountingKey>, string>();
  for (const [name, algorithm] of Object.entries(COUNTER_ALGORITHMS) as [Algorithm, CounterAlgorithm][]) {
    const { primitive } = algorithm;
    if (capabilities !== undefined && !capabilities.primitives.includes(primitive))
      refused.set(name, `${name} needs the ${storesRunning(primitive).join(' or ')} backend`);
    const cachedRefusal = cachedCountingRefusal(algorithm, capabilities);
    if (cachedRefusal !== undefined) refused.set(cachedCountingKey(name), cachedRefusal);
  }
  return refused;
}

function cachedCountingRefusal(
  algorithm: CounterAlgorithm,
  capabilities: StoreCapabilities | undefined,
): string | undefined {
  if (!algorithm.countsCached) return 'counting: cached is only valid with algorithm fixed_window';
  if (capabilities?.cachedCounting === 'refused')
    return `counting: cached needs the ${storesCountingCached().join(' or ')} backend`;
  return undefined;
}
