// The active rules as data (the operator's console shows them as a tree per domain): every node of
// a domain's descriptor tree with its limits, in load order. Built on demand from the compiled
// tree, never on the hot path.
import { UNIT_SECONDS, type Algorithm, type Counting, type RateLimitRule, type Unit } from './model';
import type { RuleNode } from './rule-node';

export interface LimitDescription {
  readonly requestsPerUnit: number;
  readonly unit: Unit;
  /** unit_multiplier (1 when not set). */
  readonly unitMultiplier: number;
  readonly windowSeconds: number;
  readonly algorithm: Algorithm;
  /** token_bucket only; 0 otherwise. */
  readonly burst: number;
  /** `exact`, or `cached` (docs/rules.md#counting). */
  readonly counting: Counting;
  readonly name: string | null;
  readonly replaces: readonly string[];
  readonly unlimited: boolean;
  readonly shadowMode: boolean;
  readonly quotaMode: boolean;
  readonly detailedMetric: boolean;
  /** The item's label in a `rate_limits` list; null for a `rate_limit`. */
  readonly itemLabel: string | null;
  /** The stats key its counters are under (without `ratelimit.service.rate_limit.`). */
  readonly statsKey: string;
}

export interface RuleNodeDescription {
  readonly key: string;
  /** The configured value (may hold `*`); null for a default entry (key only). */
  readonly value: string | null;
  readonly statsKey: string;
  readonly valueToMetric: boolean;
  readonly shareThreshold: boolean;
  /** One for `rate_limit`, one per item for `rate_limits`, none for a node without a limit. */
  readonly limits: readonly LimitDescription[];
  readonly children: readonly RuleNodeDescription[];
}

export interface DomainDescription {
  readonly domain: string;
  /** Files (or xDS resources) the domain was loaded from. */
  readonly sources: readonly string[];
  readonly descriptors: readonly RuleNodeDescription[];
}

/** How many more descriptors a description may hold (the console's answer is bounded). */
export interface DescribeBudget {
  descriptorsLeft: number;
}

/** The domain's tree in load order, as far as `budget` allows (every descriptor by default). */
export function describeDomain(
  domain: string,
  root: RuleNode,
  sources: readonly string[],
  budget: DescribeBudget = { descriptorsLeft: Infinity },
): DomainDescription {
  return { domain, sources, descriptors: describeChildren(root, budget) };
}

/** The number of descriptors of a domain's tree (its root not counted). */
export function countDescriptors(root: RuleNode): number {
  let count = 0;
  for (const child of root.children.values()) count += 1 + countDescriptors(child);
  return count;
}

function describeChildren(node: RuleNode, budget: DescribeBudget): RuleNodeDescription[] {
  const described: RuleNodeDescription[] = [];
  for (const child of node.children.values()) {
    if (budget.descriptorsLeft <= 0) break;
    budget.descriptorsLeft -= 1;
    described.push(describeNode(child, budget));
  }
  return described;
}

/**
 * Every limit of a domain's tree in load order, one at a time: the console's check walks a large
 * domain in force in pieces, between which the serving thread answers calls.
 */
export function* domainLimits(root: RuleNode): Generator<LimitDescription> {
  for (const child of root.children.values()) yield* nodeLimits(child);
}

function* nodeLimits(node: RuleNode): Generator<LimitDescription> {
  for (const rule of rulesOf(node)) yield describeLimit(rule, node);
  for (const child of node.children.values()) yield* nodeLimits(child);
}

function rulesOf(node: RuleNode): readonly RateLimitRule[] {
  return node.items ?? (node.rule === undefined ? [] : [node.rule]);
}

function describeNode(node: RuleNode, budget: DescribeBudget): RuleNodeDescription {
  const { key, value } = node.entry;
  const rules = rulesOf(node);
  return {
    key,
    value,
    statsKey: node.statsKey,
    valueToMetric: node.valueToMetric,
    shareThreshold: node.shareThreshold,
    limits: rules.map((rule) => describeLimit(rule, node)),
    children: describeChildren(node, budget),
  };
}

function describeLimit(rule: RateLimitRule, node: RuleNode): LimitDescription {
  return {
    requestsPerUnit: rule.requestsPerUnit,
    unit: rule.unit,
    unitMultiplier: rule.unitSeconds / UNIT_SECONDS[rule.unit],
    windowSeconds: rule.unitSeconds,
    algorithm: rule.algorithm,
    burst: rule.burst,
    counting: rule.counting,
    name: rule.name ?? null,
    replaces: rule.replaces,
    unlimited: rule.unlimited,
    shadowMode: rule.shadowMode,
    quotaMode: rule.quotaMode,
    detailedMetric: rule.detailedMetric,
    itemLabel: rule.itemLabel ?? null,
    statsKey: rule.itemLabel === undefined ? node.statsKey : `${node.statsKey}.${rule.itemLabel}`,
  };
}
