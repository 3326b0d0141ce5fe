// One node of a domain's compiled descriptor tree (docs/rules.md). Children are indexed by `key` (default
// entry) or `key_value` (config value verbatim, `*` included); wildcard children are also kept in
// config order with their precompiled pattern. Built once per load (children added with addChild),
// never changed afterwards.
import type { LimitItem, MatchedLimit, RateLimitRule } from './model';
import { WildcardPattern } from './wildcard';

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
  readonly children: ReadonlyMap<string, RuleNode>;
  readonly wildcards: readonly WildcardChild[];
  /** The node's `rate_limit`, or the first item of its `rate_limits`. */
  readonly rule: RateLimitRule | undefined;
  /** A `rate_limits` node: every item, in list order (each has its itemLabel). */
  readonly items: readonly RateLimitRule[] | undefined;
  /** The answer for the common case (no runtime-dependent stats key), allocated once. */
  readonly matched: MatchedLimit | undefined;
  readonly valueToMetric: boolean;
  readonly shareThreshold: boolean;
}

/**
 * What a node without children holds, shared: most nodes are leaves, and a Map and an array of
 * their own cost 216 bytes a leaf (26 MB for the 120,000 limits of a 10 MB file), which the
 * serving thread allocated and its garbage collector copied while assembling a load. Never
 * written: addChild gives a node its own before its first child.
 */
const NO_CHILDREN: ReadonlyMap<string, RuleNode> = new Map();
const NO_WILDCARDS: readonly WildcardChild[] = [];

/** The builders' view of a node while its tree is made. */
interface NodeUnderConstruction {
  children: Map<string, RuleNode>;
  wildcards: WildcardChild[];
}

/** Attaches `child` under `segment` (config order), and to the wildcards when its segment holds `*`. */
export function addChild(parent: RuleNode, segment: string, child: RuleNode): void {
  const building = parent as unknown as NodeUnderConstruction;
  if (parent.children === NO_CHILDREN) building.children = new Map();
  building.children.set(segment, child);
  if (!WildcardPattern.isWildcard(segment)) return;
  if (parent.wildcards === NO_WILDCARDS) building.wildcards = [];
  building.wildcards.push({ pattern: new WildcardPattern(segment), node: child });
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
    children: NO_CHILDREN,
    wildcards: NO_WILDCARDS,
    rule,
    items,
    matched,
    valueToMetric: fields.valueToMetric === true,
    shareThreshold: fields.shareThreshold === true,
  };
}
