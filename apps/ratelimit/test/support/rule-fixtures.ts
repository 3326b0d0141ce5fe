import { UNIT_SECONDS, type MatchedLimit, type RateLimitRule } from '@repo/rules';

/**
 * A compiled rule for unit tests: 10 per MINUTE, a fixed window, no name, nothing replaced, every
 * flag off, no metadata. `unitSeconds` follows the unit given, so tests only name what they are about.
 */
export function testRule(overrides: Partial<RateLimitRule> = {}): RateLimitRule {
  const unit = overrides.unit ?? 'MINUTE';
  return {
    requestsPerUnit: 10,
    unit,
    unitSeconds: UNIT_SECONDS[unit],
    algorithm: 'fixed_window',
    burst: 0,
    counting: 'exact',
    name: undefined,
    replaces: [],
    unlimited: false,
    shadowMode: false,
    quotaMode: false,
    detailedMetric: false,
    metadata: undefined,
    itemLabel: undefined,
    ...overrides,
  };
}

/** What `findLimit` returns for a plain config rule (no shared counter, not an override). */
export function testLimit(rule: RateLimitRule, statsKey = 'd.k'): MatchedLimit {
  return {
    rule,
    statsKey,
    ruleStatsKey: statsKey,
    sharedValuePatterns: undefined,
    isOverride: false,
    items: undefined,
  };
}
