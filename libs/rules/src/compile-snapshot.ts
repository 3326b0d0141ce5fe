// RawDomainConfig[] (from YAML files or xDS resources) -> immutable RuleSnapshot. Every check of
// the compile phase lives here (domain, descriptor and rate_limit errors of docs/rules.md), with
// the reference's texts and order. The service stops at the first error (the whole reload fails);
// the config checker collects every error, continuing per file and per descriptor where that is
// safe.
import type { RawDescriptor, RawDomainConfig } from './raw-domain-config';
import type { RateLimitRule } from './model';
import type { RuleSnapshot } from './rule-snapshot';
import { CompiledRuleSnapshot } from './compiled-rule-snapshot';
import { RuleConfigError } from './rule-config-error';
import { addChild, createNode, createRootNode, type RuleNode } from './rule-node';
import type { UnsupportedAlgorithms } from './compile-algorithm';
import { compileRule } from './compile-rule';
import { compileLimitList } from './compile-limit-list';
import { WildcardPattern } from './wildcard';

export interface CompileOptions {
  /** MERGE_DOMAIN_CONFIG: a domain may appear in several files; their descriptors are merged. */
  readonly mergeDomainConfigs: boolean;
  /** Report every error instead of stopping at the first (config checker). */
  readonly collectAll?: boolean;
  /** Algorithms the store cannot run (memcached: token buckets): a rule using one is a config error. */
  readonly unsupportedAlgorithms?: UnsupportedAlgorithms;
}

export interface CompileResult {
  /** Undefined when there is at least one error. */
  readonly snapshot: RuleSnapshot | undefined;
  readonly errors: readonly RuleConfigError[];
}

/** Compiles, stopping at the first error (thrown as RuleConfigError). */
export function compileSnapshot(configs: readonly RawDomainConfig[], options: CompileOptions): RuleSnapshot {
  const result = compileRules(configs, { ...options, collectAll: false });
  if (result.snapshot === undefined) throw result.errors[0];
  return result.snapshot;
}

export function compileRules(configs: readonly RawDomainConfig[], options: CompileOptions): CompileResult {
  const compiler = new SnapshotCompiler(options);
  try {
    for (const config of configs) compiler.loadConfig(config);
  } catch (error) {
    if (!(error instanceof RuleConfigError)) throw error;
    return { snapshot: undefined, errors: [error] };
  }
  if (compiler.errors.length > 0) return { snapshot: undefined, errors: compiler.errors };
  return { snapshot: new CompiledRuleSnapshot(compiler.domains, compiler.sources), errors: [] };
}

interface NodeLimits {
  readonly rule: RateLimitRule | undefined;
  readonly items: readonly RateLimitRule[] | undefined;
}

const NO_LIMITS: NodeLimits = Object.freeze({ rule: undefined, items: undefined });

class SnapshotCompiler {
  readonly domains = new Map<string, RuleNode>();
  /** Domain -> the files (or xDS resources) it was loaded from. */
  readonly sources = new Map<string, string[]>();
  readonly errors: RuleConfigError[] = [];

  constructor(private readonly options: CompileOptions) {}

  loadConfig(config: RawDomainConfig): void {
    const domain = config.domain ?? '';
    // A file refused for its domain still has its descriptors checked (collectAll only: fail()
    // throws otherwise), against a root that is not kept.
    const root = this.rootFor(config, domain) ?? createRootNode(domain);
    this.loadDescriptors(config, root, config.descriptors);
  }

  /** The domain's root node (created on first use), or undefined when the domain is refused. */
  private rootFor(config: RawDomainConfig, domain: string): RuleNode | undefined {
    if (domain === '') return this.fail(config, config, 'config file cannot have empty domain');
    let root = this.domains.get(domain);
    if (root !== undefined && !this.options.mergeDomainConfigs)
      return this.fail(config, config, `duplicate domain '${domain}' in config file`);
    if (root === undefined) {
      root = createRootNode(domain);
      this.domains.set(domain, root);
      this.sources.set(domain, []);
    }
    this.sources.get(domain)!.push(config.sourceName);
    return root;
  }

  private loadDescriptors(
    config: RawDomainConfig,
    parent: RuleNode,
    descriptors?: readonly RawDescriptor[],
  ): void {
    for (const raw of descriptors ?? []) {
      const key = raw.key ?? '';
      if (key === '') {
        this.fail(config, raw, 'descriptor has empty key');
        continue;
      }
      const configValue = raw.value ?? '';
      const segment = configValue === '' ? key : `${key}_${configValue}`;
      const statsKey = `${parent.statsKey}.${segment}`;
      if (parent.children.has(segment)) {
        this.fail(config, raw, `duplicate descriptor composite key '${statsKey}'`);
        continue;
      }
      const { rule, items } = this.compileLimitsOf(config, raw);
      const isWildcard = WildcardPattern.isWildcard(segment);
      if (raw.shareThreshold === true && !isWildcard)
        this.fail(
          config,
          raw,
          `share_threshold can only be used with wildcard values (containing '*'), but found key '${segment}'`,
        );
      const node = createNode({
        segment,
        entry: { key, value: configValue === '' ? null : configValue },
        statsKey,
        rule,
        items,
        valueToMetric: raw.valueToMetric,
        shareThreshold: raw.shareThreshold,
      });
      this.loadDescriptors(config, node, raw.descriptors);
      addChild(parent, segment, node);
    }
  }

  /** The node's `rate_limit`, or its `rate_limits` items (the first is the node's rule). */
  private compileLimitsOf(config: RawDomainConfig, raw: RawDescriptor): NodeLimits {
    const unsupported = this.options.unsupportedAlgorithms;
    if (raw.rateLimits !== undefined) {
      const list = compileLimitList(raw, unsupported);
      if ('items' in list) return { rule: list.items[0], items: list.items };
      for (const error of list.errors) this.fail(config, error.at, error.detail);
      return NO_LIMITS;
    }
    if (raw.rateLimit === undefined) return NO_LIMITS;
    const compiled = compileRule(raw, unsupported);
    if ('rule' in compiled) return { rule: compiled.rule, items: undefined };
    for (const problem of compiled.problems) this.fail(config, problem.at, problem.detail);
    return NO_LIMITS;
  }

  private fail(config: RawDomainConfig, at: object, detail: string): undefined {
    if (this.options.collectAll && config.guessed?.has(at)) return undefined;
    const error = new RuleConfigError(config.sourceName, detail, config.positions?.get(at));
    if (!this.options.collectAll) throw error;
    this.errors.push(error);
    return undefined;
  }
}
