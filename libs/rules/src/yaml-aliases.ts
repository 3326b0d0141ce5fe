// Aliases of one YAML document, resolved once and bounded (docs/rules.md#limits-on-rule-files).
// A few hundred bytes of nested aliases (`&d1 [*d0, *d0, ...]`, or merge keys `<<: [*m, *m]`)
// stand for billions of nodes, and the reader walks what an alias stands for as often as the
// alias appears. Envoy's service (Go yaml.v2) refuses such a document with "document contains
// excessive aliasing"; the same rule is applied here before anything is walked: the nodes a
// reader would visit (`decoded`) and those of them reached through an alias (`aliased`) are
// counted without expanding anything (each anchored node's expanded size is computed once), and
// the document is refused when the share of aliased nodes passes yaml.v2's allowed ratio.
// Merge keys count like any alias, since their value is one (or a list of them).
import { isAlias, isMap, isPair, isSeq, visit, type Alias, type Document, type Node } from 'yaml';

export interface AliasCheck {
  /** Every alias -> the node it stands for: the last node anchored with its name before it. */
  readonly targets: ReadonlyMap<Alias, Node | undefined>;
  /** Set when the document is refused: the alias where the limit was passed, and why. */
  readonly excess: { readonly node: Node; readonly detail: string } | undefined;
}

export const EXCESSIVE_ALIASING = 'yaml: document contains excessive aliasing';

export function checkAliases(document: Document): AliasCheck {
  const targets = indexAliases(document);
  if (targets.size === 0) return { targets, excess: undefined };
  const counter = new AliasCounter(targets);
  return { targets, excess: counter.check(document.contents as Node | null) };
}

/** One pass in document order (yaml's own Alias.resolve walks the whole document per call). */
function indexAliases(document: Document): Map<Alias, Node | undefined> {
  const anchors = new Map<string, Node>();
  const targets = new Map<Alias, Node | undefined>();
  visit(document, {
    Node: (_key, node) => {
      if (isAlias(node)) targets.set(node, anchors.get(node.source));
      else if (node.anchor) anchors.set(node.anchor, node);
    },
  });
  return targets;
}

/** yaml.v2's allowedAliasRatio: 99 % up to 400,000 decoded nodes, falling to 10 % at 4,000,000. */
export function allowedAliasRatio(decoded: number): number {
  if (decoded <= 400_000) return 0.99;
  if (decoded >= 4_000_000) return 0.1;
  return 0.99 - 0.89 * ((decoded - 400_000) / 3_600_000);
}

export function isExcessiveAliasing(decoded: number, aliased: number): boolean {
  return aliased > 100 && decoded > 1000 && aliased / decoded > allowedAliasRatio(decoded);
}

class AliasCounter {
  private decoded = 0;
  private aliased = 0;
  /** Anchored node -> the number of nodes it expands to (its aliases expanded). */
  private readonly sizes = new Map<Node, number>();
  private readonly expanding = new Set<Node>();

  constructor(private readonly targets: ReadonlyMap<Alias, Node | undefined>) {}

  check(root: Node | null): AliasCheck['excess'] {
    const stack: Node[] = root ? [root] : [];
    let last: Alias | undefined;
    // Iterative: a deeply nested document must not overflow the stack here.
    while (stack.length > 0) {
      const node = stack.pop() as Node;
      this.decoded += 1;
      if (isAlias(node)) {
        last = node;
        const expanded = this.sizeOf(this.targets.get(node));
        if (expanded === undefined)
          return { node, detail: `yaml: anchor '${node.source}' value contains itself` };
        this.decoded += expanded;
        this.aliased += expanded;
        if (isExcessiveAliasing(this.decoded, this.aliased)) return { node, detail: EXCESSIVE_ALIASING };
        continue;
      }
      const children = childrenOf(node);
      for (let i = children.length - 1; i >= 0; i -= 1) stack.push(children[i]);
    }
    if (last && isExcessiveAliasing(this.decoded, this.aliased))
      return { node: last, detail: EXCESSIVE_ALIASING };
    return undefined;
  }

  /** Expanded size of an alias target; undefined when it contains an alias of itself. */
  private sizeOf(target: Node | undefined): number | undefined {
    if (target === undefined) return 0;
    const known = this.sizes.get(target);
    if (known !== undefined) return known;
    if (this.expanding.has(target)) return undefined;
    this.expanding.add(target);
    let size = 1;
    for (const child of childrenOf(target)) {
      const childSize = isAlias(child) ? this.sizeOf(this.targets.get(child)) : this.sizeOf(child);
      if (childSize === undefined) return undefined;
      size += isAlias(child) ? 1 + childSize : childSize;
    }
    this.expanding.delete(target);
    this.sizes.set(target, size);
    return size;
  }
}

/** A map's keys and values, a sequence's items; scalars have none. */
function childrenOf(node: Node): Node[] {
  if (!isMap(node) && !isSeq(node)) return [];
  const children: Node[] = [];
  for (const item of node.items as unknown[]) {
    if (isPair(item)) {
      if (item.key) children.push(item.key as Node);
      if (item.value) children.push(item.value as Node);
    } else if (item) children.push(item as Node);
  }
  return children;
}
