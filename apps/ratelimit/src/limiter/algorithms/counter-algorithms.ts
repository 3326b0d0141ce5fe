// The registry of counter algorithms: a rule's `algorithm` -> its unit. Adding an algorithm:
// docs/development.md#adding-a-counter-algorithm.
import type { Algorithm, RateLimitRule, UnsupportedAlgorithms } from '@repo/rules';
import { storesRunning, type StoreCapabilities } from '@repo/storage';
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
 * The algorithms a store cannot run (its capabilities lack their primitive), each with the
 * config error a rule using one gets, so a load using one fails and the rules in force stay.
 */
export function unsupportedAlgorithms(capabilities: StoreCapabilities): UnsupportedAlgorithms {
  const refused = new Map<Algorithm, string>();
  for (const [name, { primitive }] of Object.entries(COUNTER_ALGORITHMS) as [Algorithm, CounterAlgorithm][]) {
    if (capabilities.primitives.includes(primitive)) continue;
    refused.set(name, `${name} needs the ${storesRunning(primitive).join(' or ')} backend`);
  }
  return refused;
}
