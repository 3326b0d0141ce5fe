// One node of a domain's compiled descriptor tree (§2.2). Children are indexed by `key` (default
// entry) or `key_value` (config value verbatim, `*` included); wildcard children are also kept in
// config order with their precompiled pattern. Built once per load, never changed afterwards.
import type { MatchedLimit, RateLimitRule } from './model';
import type { WildcardPattern } from './wildcard';

export interface WildcardChild {
  /** Compiled from the child's whole `key_value` text, matched against the request's `key_value`. */
  readonly pattern: WildcardPattern;
  readonly node: RuleNode;
}

export interface RuleNode {
  /** `key` or `key_value`: this node's index in its parent and its stats key segment. */
  readonly segment: string;
  /** Base stats key (§2.3): domain + config path, e.g. `test-domain.key1_value1.subkey1`. */
  readonly statsKey: string;
  readonly children: Map<string, RuleNode>;
  readonly wildcards: WildcardChild[];
  readonly rule: RateLimitRule | undefined;
  /** The answer for the common case (no runtime-dependent stats key), allocated once. */
  readonly matched: MatchedLimit | undefined;
  readonly valueToMetric: boolean;
  readonly shareThreshold: boolean;
}

export function createRootNode(domain: string): RuleNode {
  return createNode({ segment: '', statsKey: domain, rule: undefined });
}

export function createNode(fields: {
  segment: string;
  statsKey: string;
  rule: RateLimitRule | undefined;
  valueToMetric?: boolean;
  shareThreshold?: boolean;
}): RuleNode {
  const { rule, statsKey } = fields;
  const matched: MatchedLimit | undefined =
    rule && Object.freeze({ rule, statsKey, sharedValuePatterns: undefined, isOverride: false });
  return {
    segment: fields.segment,
    statsKey,
    children: new Map(),
    wildcards: [],
    rule,
    matched,
    valueToMetric: fields.valueToMetric === true,
    shareThreshold: fields.shareThreshold === true,
  };
}
