// Domain model shared by the rules library and the service (the contract between libs/rules
// and apps/ratelimit). Everything is readonly. The snapshot that serves these rules is
// rule-snapshot.ts: this file knows nothing of how rules are looked up or shown.

export type Unit = 'SECOND' | 'MINUTE' | 'HOUR' | 'DAY' | 'WEEK' | 'MONTH' | 'YEAR';

/** Window length per unit (envoy utils.UnitToDivider): month = 30 days, year = 365 days. */
export const UNIT_SECONDS: Readonly<Record<Unit, number>> = Object.freeze({
  SECOND: 1,
  MINUTE: 60,
  HOUR: 3600,
  DAY: 86400,
  WEEK: 604800,
  MONTH: 2592000,
  YEAR: 31536000,
});

/**
 * How a rule counts (docs/algorithms.md): `fixed_window` is Envoy's counter per window (the default);
 * `sliding_window` weighs the previous window's count by how much of it still overlaps;
 * `token_bucket` is GCRA with bursts. Compiled once per rule, compared by identity on the hot path.
 */
export type Algorithm = 'fixed_window' | 'sliding_window' | 'token_bucket';

export const ALGORITHMS: readonly Algorithm[] = Object.freeze([
  'fixed_window',
  'sliding_window',
  'token_bucket',
]);

/**
 * Where a limit's count is kept (docs/rules.md#counting): `exact` asks the store on every
 * decision (the default, Envoy's); `cached` answers from this replica's memory and sends the hits
 * to the store every flush interval (docs/stores.md#cached-counting).
 */
export type Counting = 'exact' | 'cached';

export const COUNTINGS: readonly Counting[] = Object.freeze(['exact', 'cached']);

export interface DescriptorEntry {
  readonly key: string;
  readonly value: string;
}

/** A request override (proto RateLimitDescriptor.limit). */
export interface LimitOverride {
  readonly requestsPerUnit: number;
  readonly unit: Unit;
}

/** One request descriptor, transport-free. */
export interface Descriptor {
  readonly entries: readonly DescriptorEntry[];
  readonly limit?: LimitOverride;
  /** Per-descriptor hits_addend when the wrapper was set (0 is honoured: check only). */
  readonly hitsAddend?: number;
}

/** A compiled rule (envoy config.RateLimit): what the config says for one tree node. */
export interface RateLimitRule {
  readonly requestsPerUnit: number;
  readonly unit: Unit;
  /** The window (and token bucket refill period): unit x unit_multiplier, in seconds. */
  readonly unitSeconds: number;
  readonly algorithm: Algorithm;
  /** token_bucket: the bucket size (default requests_per_unit); 0 for the other algorithms. */
  readonly burst: number;
  /** `counting` (ours): `exact` unless the limit says `cached`. */
  readonly counting: Counting;
  readonly name: string | undefined;
  /** Names this rule replaces (dropped when matched in the same request). */
  readonly replaces: readonly string[];
  readonly unlimited: boolean;
  readonly shadowMode: boolean;
  readonly quotaMode: boolean;
  readonly detailedMetric: boolean;
  /** Config `metadata` (already a JSON-compatible object), or undefined. */
  readonly metadata: Readonly<Record<string, unknown>> | undefined;
  /**
   * An item of a `rate_limits` list: what names it in its counter key and its stats key (its
   * `name`, else its window: `per_second`, `per_5_minute`; unique within the list). Undefined for
   * a `rate_limit`, whose keys stay Envoy's.
   */
  readonly itemLabel: string | undefined;
}

/** One item of a matched `rate_limits` node with its stats key, `<node stats key>.<item label>`. */
export interface LimitItem {
  readonly rule: RateLimitRule;
  readonly statsKey: string;
}

/**
 * The result of matching one request descriptor (docs/rules.md): the rule plus what depends on the
 * request's runtime values. `statsKey` is without the `ratelimit.service.rate_limit.` prefix,
 * e.g. `test-domain.key1_value1.subkey1`.
 */
export interface MatchedLimit {
  readonly rule: RateLimitRule;
  readonly statsKey: string;
  /**
   * The matched config node's own stats key, without the request's values that detailed_metric
   * or value_to_metric add to `statsKey` (for an override: `statsKey`).
   */
  readonly ruleStatsKey: string;
  /**
   * share_threshold: for entry index i, the wildcard pattern text that replaces the
   * request value in the cache key; undefined when no level shares a counter.
   */
  readonly sharedValuePatterns: readonly (string | undefined)[] | undefined;
  /** True for a request override (docs/decisions.md): a fresh limit, no shadow/quota/name/replaces. */
  readonly isOverride: boolean;
  /**
   * A `rate_limits` node: the items to count, in list order (`rule` is the first; the node's
   * shadow, quota, detailed_metric and metadata are the same on every item). Undefined for a
   * `rate_limit` and for an override.
   */
  readonly items: readonly LimitItem[] | undefined;
}
