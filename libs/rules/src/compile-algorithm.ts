// The `algorithm`, `burst` and `counting` of one `rate_limit` block (docs/algorithms.md,
// docs/rules.md#counting), checked after the unit: which counting a rule uses, for token buckets
// the bucket size, and whether its count is kept exact or cached.
import { ALGORITHMS, COUNTINGS, type Algorithm, type Counting } from './model';
import type { RawRateLimit } from './raw-domain-config';

export interface CompiledAlgorithm {
  readonly algorithm: Algorithm;
  /** token_bucket: the bucket size; 0 otherwise. */
  readonly burst: number;
  readonly counting: Counting;
}

/** The key under which UnsupportedAlgorithms refuses `counting: cached` with an algorithm. */
export type CachedCountingKey = `${Algorithm}/cached`;

export function cachedCountingKey(algorithm: Algorithm): CachedCountingKey {
  return `${algorithm}/cached`;
}

/**
 * Algorithms the counter store in use cannot run, each with the error a rule using it gets
 * (memcached has no atomic update for token buckets), and under `<algorithm>/cached` those it
 * cannot count cached. Empty when every algorithm is supported both ways.
 */
export type UnsupportedAlgorithms = ReadonlyMap<Algorithm | CachedCountingKey, string>;

const FIXED: CompiledAlgorithm = Object.freeze({ algorithm: 'fixed_window', burst: 0, counting: 'exact' });

/** The compiled algorithm, or the error detail (the reference's style: what, then the value). */
export function compileAlgorithm(
  rateLimit: RawRateLimit,
  unlimited: boolean,
  unsupported: UnsupportedAlgorithms | undefined,
): CompiledAlgorithm | string {
  const text = rateLimit.algorithm;
  if (unlimited) return unlimitedAlgorithm(rateLimit);
  const algorithm = text ?? 'fixed_window';
  if (!isAlgorithm(algorithm)) return `invalid rate limit algorithm '${algorithm}'`;
  const refusal = unsupported?.get(algorithm);
  if (refusal !== undefined) return refusal;
  const counting = compileCounting(rateLimit, algorithm, unsupported);
  if (counting === undefined) return `invalid rate limit counting '${rateLimit.counting}'`;
  if (counting !== 'exact' && counting !== 'cached') return counting;
  if (algorithm !== 'token_bucket') {
    return rateLimit.burst === undefined
      ? { algorithm, burst: 0, counting }
      : 'burst is only valid with algorithm token_bucket';
  }
  if (rateLimit.burst === undefined) return { algorithm, burst: rateLimit.requestsPerUnit ?? 0, counting };
  // requests_per_unit 0 blocks every hit whatever the algorithm; only a burst written as 0 is wrong
  if (rateLimit.burst < 1) return `invalid rate limit burst '${rateLimit.burst}'`;
  return { algorithm, burst: rateLimit.burst, counting };
}

function unlimitedAlgorithm(rateLimit: RawRateLimit): CompiledAlgorithm | string {
  if (rateLimit.algorithm !== undefined) return 'should not specify rate limit algorithm when unlimited';
  if (rateLimit.counting !== undefined) return 'should not specify rate limit counting when unlimited';
  return FIXED;
}

/** The counting, its refusal here (the store, or the algorithm), or undefined when it is no counting. */
function compileCounting(
  rateLimit: RawRateLimit,
  algorithm: Algorithm,
  unsupported: UnsupportedAlgorithms | undefined,
): Counting | string | undefined {
  const counting = rateLimit.counting ?? 'exact';
  if (!(COUNTINGS as readonly string[]).includes(counting)) return undefined;
  if (counting === 'exact') return 'exact';
  return unsupported?.get(cachedCountingKey(algorithm)) ?? 'cached';
}

function isAlgorithm(text: string): text is Algorithm {
  return (ALGORITHMS as readonly string[]).includes(text);
}
