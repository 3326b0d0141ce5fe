// The RuleSnapshot handed to the service: one compiled tree per domain, never changed after
// construction (a reload builds a new snapshot and the registry swaps it atomically).
import { UNIT_SECONDS, type Descriptor, type MatchedLimit, type RateLimitRule } from './model';
import type { RuleSnapshot } from './rule-snapshot';
import {
  countDescriptors,
  describeDomain,
  domainLimits,
  type DomainDescription,
  type LimitDescription,
} from './describe-rules';
import { findLimit } from './find-limit';
import type { RuleNode } from './rule-node';

export class CompiledRuleSnapshot implements RuleSnapshot {
  readonly domains: readonly string[];
  private counted: number | undefined;

  constructor(
    private readonly roots: ReadonlyMap<string, RuleNode>,
    private readonly sources: ReadonlyMap<string, readonly string[]> = new Map(),
  ) {
    this.domains = Object.freeze([...roots.keys()]);
  }

  /** The compiled trees (for sending a snapshot to another thread). */
  get rootMap(): ReadonlyMap<string, RuleNode> {
    return this.roots;
  }

  get sourceMap(): ReadonlyMap<string, readonly string[]> {
    return this.sources;
  }

  hasDomain(domain: string): boolean {
    return this.roots.has(domain);
  }

  findLimit(domain: string, descriptor: Descriptor): MatchedLimit | undefined {
    const root = this.roots.get(domain);
    return root === undefined ? undefined : findLimit(root, domain, descriptor);
  }

  describe(maxDescriptors = Infinity): readonly DomainDescription[] {
    const budget = { descriptorsLeft: maxDescriptors };
    return [...this.roots].map(([domain, root]) =>
      describeDomain(domain, root, this.sources.get(domain) ?? [], budget),
    );
  }

  get descriptorCount(): number {
    this.counted ??= [...this.roots.values()].reduce((sum, root) => sum + countDescriptors(root), 0);
    return this.counted;
  }

  *limits(domains?: ReadonlySet<string>): Iterable<LimitDescription> {
    for (const [domain, root] of this.roots)
      if (domains === undefined || domains.has(domain)) yield* domainLimits(root);
  }

  /**
   * `/rlconfig` (as the reference prints it): one line per limit, `<fullKey>: unit=<UNIT>
   * requests_per_unit=<n>, shadow_mode: <bool>, quota_mode: <bool>`, in load order (the reference
   * prints map order).
   */
  dump(): string {
    return [...this.dumpLines()].join('');
  }

  *dumpLines(): Iterable<string> {
    for (const root of this.roots.values()) yield* dumpNode(root);
  }
}

function* dumpNode(node: RuleNode): Generator<string> {
  if (node.items !== undefined) {
    // a `rate_limits` node: one line per item, under the item's stats key
    for (const item of node.items) yield ruleLine(`${node.statsKey}.${item.itemLabel}`, item);
  } else if (node.rule !== undefined) {
    yield ruleLine(node.statsKey, node.rule);
  }
  for (const child of node.children.values()) yield* dumpNode(child);
}

function ruleLine(key: string, rule: RateLimitRule): string {
  // Unlimited rules carry no unit: the reference prints the proto enum's UNKNOWN.
  const unit = rule.unlimited ? 'UNKNOWN' : rule.unit;
  // Only rules that use unit_multiplier show it, so Envoy-style rules dump identically.
  const multiplier = rule.unitSeconds / UNIT_SECONDS[rule.unit];
  const window = multiplier === 1 ? '' : ` unit_multiplier=${multiplier}`;
  return `${key}: unit=${unit}${window} requests_per_unit=${rule.requestsPerUnit}${algorithmText(rule)}, shadow_mode: ${rule.shadowMode}, quota_mode: ${rule.quotaMode}\n`;
}

/**
 * ` algorithm=... [burst=N]` for the opt-in algorithms and ` counting=cached` (ours); exact fixed
 * windows dump as in Envoy.
 */
function algorithmText(rule: RateLimitRule): string {
  const counting = rule.counting === 'cached' ? ' counting=cached' : '';
  if (rule.algorithm === 'fixed_window') return counting;
  const burst = rule.algorithm === 'token_bucket' ? ` burst=${rule.burst}` : '';
  return ` algorithm=${rule.algorithm}${burst}${counting}`;
}
