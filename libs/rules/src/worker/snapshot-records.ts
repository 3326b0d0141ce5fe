// A compiled snapshot as flat records, so a snapshot compiled in a worker reaches the serving
// thread in small pieces: each piece (JSON text: a string crosses the channel as one copy, and
// JSON.parse builds the records about twice as fast as a structured clone of them would) costs
// the serving thread about a millisecond to parse and attach, and calls are answered between
// pieces. Records are in pre-order (a parent before its
// children, siblings in config order), so attaching them rebuilds the tree exactly; nothing is
// validated again (the worker compiled it with every check).
import { CompiledRuleSnapshot } from '../compiled-rule-snapshot';
import type { RateLimitRule } from '../model';
import { addChild, createNode, createRootNode, type RuleNode } from '../rule-node';

/** [parent index, key, value, rule, items, valueToMetric, shareThreshold]; parent -1: a domain root (key = domain). */
export type NodeRecord = readonly [
  parent: number,
  key: string,
  value: string | null,
  rule: RateLimitRule | null,
  items: readonly RateLimitRule[] | null,
  valueToMetric: boolean,
  shareThreshold: boolean,
];

/** Domain -> its sources, in load order. */
export type DomainSources = readonly (readonly [domain: string, sources: readonly string[]])[];

/** Every node of every domain, in pre-order. */
export function* snapshotRecords(roots: ReadonlyMap<string, RuleNode>): Generator<NodeRecord> {
  let next = 0;
  for (const [domain, root] of roots) {
    const stack: [RuleNode, number][] = [[root, -1]];
    while (stack.length > 0) {
      const [node, parent] = stack.pop() as [RuleNode, number];
      const index = next++;
      yield node === root
        ? [-1, domain, null, null, null, false, false]
        : [
            parent,
            node.entry.key,
            node.entry.value,
            node.items ? null : (node.rule ?? null),
            node.items ?? null,
            node.valueToMetric,
            node.shareThreshold,
          ];
      const children = [...node.children.values()];
      for (let i = children.length - 1; i >= 0; i -= 1) stack.push([children[i], index]);
    }
  }
}

/** Rebuilds a snapshot from its records, piece by piece. */
export class SnapshotAssembler {
  private readonly nodes: RuleNode[] = [];
  private readonly roots = new Map<string, RuleNode>();

  constructor(private readonly sources: DomainSources) {}

  add(records: readonly NodeRecord[]): void {
    for (const record of records) this.nodes.push(this.attach(record));
  }

  finish(): CompiledRuleSnapshot {
    return new CompiledRuleSnapshot(this.roots, new Map(this.sources));
  }

  private attach([
    parentIndex,
    key,
    value,
    rule,
    items,
    valueToMetric,
    shareThreshold,
  ]: NodeRecord): RuleNode {
    if (parentIndex < 0) {
      const root = createRootNode(key);
      this.roots.set(key, root);
      return root;
    }
    const parent = this.nodes[parentIndex];
    const segment = value === null ? key : `${key}_${value}`;
    const frozenItems = items ? Object.freeze(items.map(freezeRule)) : undefined;
    const node = createNode({
      segment,
      entry: { key, value },
      statsKey: `${parent.statsKey}.${segment}`,
      rule: frozenItems ? frozenItems[0] : rule ? freezeRule(rule) : undefined,
      items: frozenItems,
      valueToMetric,
      shareThreshold,
    });
    addChild(parent, segment, node);
    return node;
  }
}

/**
 * A rule as the compiler makes it (every field, in its order: one object shape on the hot path,
 * frozen), from its JSON form, which drops the fields that are undefined.
 */
function freezeRule(rule: RateLimitRule): RateLimitRule {
  const metadata = rule.metadata;
  if (metadata !== undefined) deepFreeze(metadata);
  return Object.freeze({
    requestsPerUnit: rule.requestsPerUnit,
    unit: rule.unit,
    unitSeconds: rule.unitSeconds,
    algorithm: rule.algorithm,
    burst: rule.burst,
    counting: rule.counting,
    name: rule.name,
    replaces: Object.freeze(rule.replaces),
    unlimited: rule.unlimited,
    shadowMode: rule.shadowMode,
    quotaMode: rule.quotaMode,
    detailedMetric: rule.detailedMetric,
    metadata,
    itemLabel: rule.itemLabel,
  });
}

function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== 'object') return;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
}
