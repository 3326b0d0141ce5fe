// One node of a domain's compiled descriptor tree (docs/rules.md). Children are indexed by `key` (default
// entry) or `key_value` (config value verbatim, `*` included); wildcard children are also kept in
// config order with their precompiled pattern. Built once per load, never changed afterwards.
import type { LimitItem, MatchedLimit, RateLimitRule } from './model';
import type { WildcardPattern } from './wildcard';

export interface WildcardChild {
  /** Compiled from the child's whole `key_value` text, matched against the request's `key_value`. */
  readonly pattern: WildcardPattern;
  readonly node: RuleNode;
}

export interface RuleNode {
  /** `key` or `key_value`: this node's index in its parent and its stats key segment. */
  readonly segment: string;
  /** The config's key and value (null for a default entry), as written. */
  readonly entry: { readonly key: string; readonly value: string | null };
  /** Base stats key: domain + config path, e.g. `test-domain.key1_value1.subkey1`. */
  readonly statsKey: string;
  readonly children: Map<string, RuleNode>;
  readonly wildcards: WildcardChild[];
  /** The node's `rate_limit`, or the first item of its `rate_limits`. */
  readonly rule: RateLimitRule | undefined;
  /** A `rate_limits` node: every item, in list order (each has its itemLabel). */
  readonly items: readonly RateLimitRule[] | undefined;
  /** The answer for the common case (no runtime-dependent stats key), allocated once. */
  readonly matched: MatchedLimit | undefined;
  readonly valueToMetric: boolean;
  readonly shareThreshold: boolean;
}

export function createRootNode(domain: string): RuleNode {
  return createNode({ segment: '', entry: { key: '', value: null }, statsKey: domain, rule: undefined });
}

/** The items of a `rate_limits` node under the node's stats key (`<stats key>.<item label>`). */
export function limitItems(items: readonly RateLimitRule[], statsKey: string): readonly LimitItem[] {
  return Object.freeze(
    items.map((rule) => Object.freeze({ rule, statsKey: `${statsKey}.${rule.itemLabel}` })),
  );
}

export function createNode(fields: {
  segment: string;
  entry: { readonly key: string; readonly value: string | null };
  statsKey: string;
  rule: RateLimitRule | undefined;
  items?: readonly RateLimitRule[];
  valueToMetric?: boolean;
  shareThreshold?: boolean;
}): RuleNode {
  const { rule, statsKey, items } = fields;
  const matched: MatchedLimit | undefined =
    rule &&
    Object.freeze({
      rule,
      statsKey,
      ruleStatsKey: statsKey,
      sharedValuePatterns: undefined,
      isOverride: false,
      items: items && limitItems(items, statsKey),
    });
  return {
    segment: fields.segment,
    entry: fields.entry,
    statsKey,
    children: new Map(),
    wildcards: [],
    rule,
    items,
    matched,
    valueToMetric: fields.valueToMetric === true,
    shareThreshold: fields.shareThreshold === true,
  };
}
