// A compiled snapshot as flat records, so a snapshot compiled in a worker reaches the serving
// thread in small pieces: each piece (JSON text: a string crosses the channel as one copy, and
// JSON.parse builds the records about twice as fast as a structured clone of them would) costs
// the serving thread about a millisecond to parse and attach, and calls are answered between
// pieces. Records are in pre-order (a parent before its
// children, siblings in config order), so attaching them rebuilds the tree exactly; nothing is
// validated again (the worker compiled it with every check). A rule is sent once: a later node with
// an equal rule carries the first one's number, and the rebuilt nodes share one frozen rule (most
// large files repeat a few limits over many values: the 10 MB file of the tests has 1,000
// distinct rules over 120,000 descriptors, and the rules were most of the JSON).
import { CompiledRuleSnapshot } from '../compiled-rule-snapshot';
import { deepFreeze } from '../compile-rule';
import type { RateLimitRule } from '../model';
import { addChild, createNode, createRootNode, type RuleNode } from '../rule-node';

/**
 * A rule the first time it is sent (it gets the next number, from 0, for the whole snapshot), or
 * the number of an equal rule sent before.
 */
export type RuleRecord = RateLimitRule | number;

/** [parent index, key, value, rule, items, valueToMetric, shareThreshold]; parent -1: a domain root (key = domain). */
export type NodeRecord = readonly [
  parent: number,
  key: string,
  value: string | null,
  rule: RuleRecord | null,
  items: readonly RuleRecord[] | null,
  valueToMetric: boolean,
  shareThreshold: boolean,
];

/** Domain -> its sources, in load order. */
export type DomainSources = readonly (readonly [domain: string, sources: readonly string[]])[];

/** Every node of every domain, in pre-order. */
export function* snapshotRecords(roots: ReadonlyMap<string, RuleNode>): Generator<NodeRecord> {
  let next = 0;
  const sent = new Map<string, number>();
  const record = (rule: RateLimitRule): RuleRecord => {
    const text = JSON.stringify(rule);
    const number = sent.get(text);
    if (number !== undefined) return number;
    sent.set(text, sent.size);
    return rule;
  };
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
            node.items || !node.rule ? null : record(node.rule),
            node.items?.map(record) ?? null,
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
  /** Every rule received, frozen, by its number. */
  private readonly rules: RateLimitRule[] = [];

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
    const frozenItems = items ? Object.freeze(items.map((item) => this.ruleOf(item))) : undefined;
    const node = createNode({
      segment,
      entry: { key, value },
      statsKey: `${parent.statsKey}.${segment}`,
      rule: frozenItems ? frozenItems[0] : rule !== null ? this.ruleOf(rule) : undefined,
      items: frozenItems,
      valueToMetric,
      shareThreshold,
    });
    addChild(parent, segment, node);
    return node;
  }

  private ruleOf(record: RuleRecord): RateLimitRule {
    if (typeof record === 'number') return this.rules[record];
    const rule = freezeRule(record);
    this.rules.push(rule);
    return rule;
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
