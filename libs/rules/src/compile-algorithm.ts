// The `algorithm` and `burst` of one `rate_limit` block (docs/algorithms.md), checked after the unit: which
// counting a rule uses and, for token buckets, the bucket size.
import { ALGORITHMS, type Algorithm } from './model';
import type { RawRateLimit } from './raw-domain-config';

export interface CompiledAlgorithm {
  readonly algorithm: Algorithm;
  /** token_bucket: the bucket size; 0 otherwise. */
  readonly burst: number;
}

/**
 * Algorithms the counter store in use cannot run, each with the error a rule using it gets
 * (memcached has no atomic update for token buckets). Empty when every algorithm is supported.
 */
export type UnsupportedAlgorithms = ReadonlyMap<Algorithm, string>;

const FIXED: CompiledAlgorithm = Object.freeze({ algorithm: 'fixed_window', burst: 0 });

/** The compiled algorithm, or the error detail (the reference's style: what, then the value). */
export function compileAlgorithm(
  rateLimit: RawRateLimit,
  unlimited: boolean,
  unsupported: UnsupportedAlgorithms | undefined,
): CompiledAlgorithm | string {
  const text = rateLimit.algorithm;
  if (unlimited) return text === undefined ? FIXED : 'should not specify rate limit algorithm when unlimited';
  const algorithm = text ?? 'fixed_window';
  if (!isAlgorithm(algorithm)) return `invalid rate limit algorithm '${algorithm}'`;
  const refusal = unsupported?.get(algorithm);
  if (refusal !== undefined) return refusal;
  if (algorithm !== 'token_bucket') {
    return rateLimit.burst === undefined
      ? { algorithm, burst: 0 }
      : 'burst is only valid with algorithm token_bucket';
  }
  if (rateLimit.burst === undefined) return { algorithm, burst: rateLimit.requestsPerUnit ?? 0 };
  // requests_per_unit 0 blocks every hit whatever the algorithm; only a burst written as 0 is wrong
  if (rateLimit.burst < 1) return `invalid rate limit burst '${rateLimit.burst}'`;
  return { algorithm, burst: rateLimit.burst };
}

function isAlgorithm(text: string): text is Algorithm {
  return (ALGORITHMS as readonly string[]).includes(text);
}
