// Hot path: match one request descriptor against a domain's compiled tree (docs/rules.md) and derive the
// stats key. Per level: one Map lookup of `key_value`, then the precompiled wildcard
// children in config order, then the default child `key`; no backtracking; a limit applies only
// at the request's last entry. The common case returns a MatchedLimit allocated at load time;
// objects are created only when the stats key or the cache key depends on runtime values.
import {
  UNIT_SECONDS,
  type Descriptor,
  type DescriptorEntry,
  type MatchedLimit,
  type RateLimitRule,
} from './model';
import { limitItems, type RuleNode } from './rule-node';

const NO_REPLACES: readonly string[] = Object.freeze([]);

export function findLimit(root: RuleNode, domain: string, descriptor: Descriptor): MatchedLimit | undefined {
  if (descriptor.limit !== undefined)
    return overrideLimit(domain, descriptor, findConfigLimit(root, domain, descriptor));
  return findConfigLimit(root, domain, descriptor);
}

function findConfigLimit(root: RuleNode, domain: string, descriptor: Descriptor): MatchedLimit | undefined {
  const entries = descriptor.entries;
  const lastIndex = entries.length - 1;
  let node = root;
  let leaf: RuleNode | undefined;
  let valueToMetricKey: string | undefined; // built only once a level uses a runtime value
  let shared: (string | undefined)[] | undefined;
  for (let i = 0; i <= lastIndex; i++) {
    const entry = entries[i];
    const keyValue = entry.key + '_' + entry.value;
    let viaWildcard = false;
    let next = node.children.get(keyValue);
    if (next === undefined) {
      next = matchWildcard(node, keyValue);
      viaWildcard = next !== undefined;
    }
    const viaDefault = next === undefined;
    if (next === undefined) next = node.children.get(entry.key);
    if (next === undefined) break;
    if (viaWildcard && next.shareThreshold) {
      shared ??= new Array<string | undefined>(entries.length).fill(undefined);
      shared[i] = sharedPattern(next.segment, entry.key);
    }
    const runtimeSegment = usesRuntimeValue(next, viaWildcard, viaDefault, entry);
    if (runtimeSegment) valueToMetricKey = (valueToMetricKey ?? node.statsKey) + '.' + runtimeSegment;
    else if (valueToMetricKey !== undefined) valueToMetricKey += '.' + next.segment;
    if (next.rule !== undefined && i === lastIndex) leaf = next;
    if (next.children.size === 0) break;
    node = next;
  }
  if (leaf === undefined) return undefined;
  return resultFor(leaf, domain, entries, valueToMetricKey, shared);
}

/** The matched `key_pattern` without the request key's `key_` prefix (reference TrimPrefix). */
function sharedPattern(segment: string, key: string): string {
  return segment.startsWith(key + '_') ? segment.slice(key.length + 1) : segment;
}

function matchWildcard(node: RuleNode, keyValue: string): RuleNode | undefined {
  const wildcards = node.wildcards;
  for (let i = 0; i < wildcards.length; i++) {
    if (wildcards[i].pattern.matches(keyValue)) return wildcards[i].node;
  }
  return undefined;
}

/**
 * The value_to_metric segment when it differs from the config path: a wildcard match
 * shows the runtime value with value_to_metric (share_threshold keeps the pattern); a default
 * match shows it with value_to_metric when the value is not empty; an exact match is the path.
 */
function usesRuntimeValue(
  next: RuleNode,
  viaWildcard: boolean,
  viaDefault: boolean,
  entry: DescriptorEntry,
): string | undefined {
  if (!next.valueToMetric) return undefined;
  if (viaWildcard && !next.shareThreshold)
    return entry.value === '' ? entry.key : entry.key + '_' + entry.value;
  if (viaDefault && entry.value !== '') return entry.key + '_' + entry.value;
  return undefined;
}

function resultFor(
  leaf: RuleNode,
  domain: string,
  entries: readonly DescriptorEntry[],
  valueToMetricKey: string | undefined,
  shared: (string | undefined)[] | undefined,
): MatchedLimit {
  const rule = leaf.rule as RateLimitRule;
  if (rule.detailedMetric) return matched(leaf, detailedStatsKey(domain, entries, shared), shared);
  if (valueToMetricKey !== undefined && valueToMetricKey !== leaf.statsKey)
    return matched(leaf, valueToMetricKey, shared);
  if (shared !== undefined) return matched(leaf, leaf.statsKey, shared);
  return leaf.matched as MatchedLimit;
}

/**
 * detailed_metric: every level as `key_value` with runtime values (empty value -> `key_`); when a
 * level shares a counter (share_threshold) that level shows its pattern and empty values show the
 * bare key, as in the reference.
 */
function detailedStatsKey(
  domain: string,
  entries: readonly DescriptorEntry[],
  shared: (string | undefined)[] | undefined,
): string {
  let key = domain;
  for (let i = 0; i < entries.length; i++) {
    const { key: name, value } = entries[i];
    const pattern = shared?.[i];
    if (pattern !== undefined) key += '.' + name + '_' + pattern;
    else if (shared !== undefined && value === '') key += '.' + name;
    else key += '.' + name + '_' + value;
  }
  return key;
}

/** A match whose stats key depends on the request; a list's items get theirs under it. */
function matched(leaf: RuleNode, statsKey: string, shared: (string | undefined)[] | undefined): MatchedLimit {
  const items = leaf.items === undefined ? undefined : limitItems(leaf.items, statsKey);
  return {
    rule: leaf.rule as RateLimitRule,
    statsKey,
    ruleStatsKey: leaf.statsKey,
    sharedValuePatterns: shared,
    isOverride: false,
    items,
  };
}

/**
 * A request override: a fresh limit, stats key from the request's entries. It counts with the
 * algorithm of the rule the descriptor matches, if any (overrides work with every algorithm); on a
 * `rate_limits` node with the first item's, the override replacing the whole list by its one limit
 * on the descriptor's plain counter key. A token bucket's burst is then the override's
 * requests_per_unit (the default burst), because a burst written for the rule's rate need not fit
 * the override's. Without a matching rule it is a fixed window, as in Envoy.
 */
function overrideLimit(
  domain: string,
  descriptor: Descriptor,
  configLimit: MatchedLimit | undefined,
): MatchedLimit {
  const { requestsPerUnit, unit } = descriptor.limit!;
  const algorithm = configLimit?.rule.algorithm ?? 'fixed_window';
  const rule: RateLimitRule = {
    requestsPerUnit,
    unit,
    unitSeconds: UNIT_SECONDS[unit],
    algorithm,
    burst: algorithm === 'token_bucket' ? requestsPerUnit : 0,
    // the matched rule's, as its algorithm: the override changes the numbers, not where they are kept
    counting: configLimit?.rule.counting ?? 'exact',
    name: undefined,
    replaces: NO_REPLACES,
    unlimited: false,
    shadowMode: false,
    quotaMode: false,
    detailedMetric: false,
    metadata: undefined,
    itemLabel: undefined,
  };
  let statsKey = '';
  for (const { key, value } of descriptor.entries) {
    if (statsKey !== '') statsKey += '.';
    statsKey += value === '' ? key : key + '_' + value;
  }
  statsKey = domain + '.' + statsKey;
  return {
    rule,
    statsKey,
    ruleStatsKey: statsKey,
    sharedValuePatterns: undefined,
    isOverride: true,
    items: undefined,
  };
}
