// Finds the mapping of a statsd name as statsd_exporter's MetricMapper.GetMapping does: glob
// mappings first (first match in file order; `*` is one dot-separated component), then regex
// mappings (first match in file order, unanchored), each only for its match_metric_type.
// Name and labels are filled from the captures; an unmapped stat gets undefined.
import { compileGoRegExp, expandGoTemplate } from './go-regexp';
import type { MapperConfig, MappingRule, ObserverType, Quantile, StatType } from './mapper-config';

export interface MappedMetric {
  readonly action: 'map' | 'drop';
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly help: string | undefined;
  readonly honorLabels: boolean;
  readonly observerType: ObserverType;
  readonly buckets: readonly number[];
  readonly quantiles: readonly Quantile[];
  readonly scale: number | undefined;
}

interface GlobRule {
  readonly rule: MappingRule;
  /** Per component: the literal text, or a pattern when it holds `*`. */
  readonly components: readonly (string | RegExp)[];
}

const GLOB_REFERENCE = /\$\{?(\d+)\}?/g;

export class MetricMapper {
  private readonly globs: GlobRule[] = [];
  private readonly regexes: { rule: MappingRule; pattern: RegExp }[] = [];

  constructor(private readonly config: MapperConfig) {
    for (const rule of config.mappings) {
      if (rule.matchType === 'glob') this.globs.push({ rule, components: compileGlob(rule.match) });
      else this.regexes.push({ rule, pattern: compileGoRegExp(rule.match, (reason) => fail(reason)) });
    }
  }

  /** What unmapped timers get: the file's `defaults` (summary with 0.5/0.9/0.99 when absent). */
  get defaults(): Pick<MappedMetric, 'observerType' | 'buckets' | 'quantiles'> {
    const { observerType, buckets, quantiles } = this.config;
    return { observerType, buckets, quantiles };
  }

  map(statName: string, type: StatType): MappedMetric | undefined {
    const components = statName.split('.');
    for (const { rule, components: glob } of this.globs) {
      if (!isTypeMatch(rule, type)) continue;
      const captures = matchGlob(glob, components);
      if (captures === undefined) continue;
      const fill = (template: string) =>
        template.replace(GLOB_REFERENCE, (_, n: string) => captures[Number(n) - 1] ?? '');
      return this.result(rule, fill);
    }
    for (const { rule, pattern } of this.regexes) {
      if (!isTypeMatch(rule, type)) continue;
      const match = pattern.exec(statName);
      if (match !== null) return this.result(rule, (template) => expandGoTemplate(template, match));
    }
    return undefined;
  }

  private result(rule: MappingRule, fill: (template: string) => string): MappedMetric {
    const labels: Record<string, string> = {};
    for (const [key, value] of Object.entries(rule.labels)) labels[key] = fill(value);
    return {
      action: rule.action,
      name: fill(rule.name),
      labels,
      help: rule.help,
      honorLabels: rule.honorLabels,
      observerType: rule.observerType ?? this.config.observerType,
      buckets: rule.buckets ?? this.config.buckets,
      quantiles: rule.quantiles ?? this.config.quantiles,
      scale: rule.scale,
    };
  }
}

function isTypeMatch(rule: MappingRule, type: StatType): boolean {
  return rule.matchMetricType === undefined || rule.matchMetricType === type;
}

function compileGlob(match: string): (string | RegExp)[] {
  return match.split('.').map((component) => {
    if (!component.includes('*')) return component;
    const body = component
      .split('*')
      .map((part) => part.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&'))
      .join('(.*)');
    return new RegExp(`^${body}$`);
  });
}

/** The text each `*` matched, in order; undefined when the name does not match. */
function matchGlob(glob: readonly (string | RegExp)[], components: readonly string[]): string[] | undefined {
  if (glob.length !== components.length) return undefined;
  const captures: string[] = [];
  for (let i = 0; i < glob.length; i++) {
    const part = glob[i];
    if (typeof part === 'string') {
      if (part !== components[i]) return undefined;
      continue;
    }
    const match = part.exec(components[i]);
    if (match === null) return undefined;
    captures.push(...match.slice(1));
  }
  return captures;
}

function fail(reason: string): never {
  throw new Error(reason);
}
