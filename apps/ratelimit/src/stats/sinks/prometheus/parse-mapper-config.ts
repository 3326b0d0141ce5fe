// Reads a statsd_exporter mapping file (https://github.com/prometheus/statsd_exporter#metric-mapping-and-configuration)
// with statsd_exporter's own checks (mapper.go InitFromYAMLString): every mapping needs `match`
// and `name`, label names are [a-zA-Z_][a-zA-Z0-9_]+, glob matches are dot-separated names or
// `*`, regexes compile. Keys statsd_exporter knows but this service does not use (ttl, native
// histograms, summary ages) are accepted and ignored; unknown keys are errors, so typos surface.
import { parse as parseYaml } from 'yaml';
import {
  DEFAULT_BUCKETS,
  DEFAULT_QUANTILES,
  MapperConfigError,
  type MapperConfig,
  type MappingRule,
  type MatchType,
  type ObserverType,
  type Quantile,
  type StatType,
} from './mapper-config';
import { compileGoRegExp } from './go-regexp';

type Raw = Record<string, unknown>;

const MAPPING_KEYS = new Set([
  'match',
  'name',
  'labels',
  'honor_labels',
  'observer_type',
  'timer_type',
  'buckets',
  'quantiles',
  'match_type',
  'help',
  'action',
  'match_metric_type',
  'ttl',
  'summary_options',
  'histogram_options',
  'scale',
]);
const DEFAULTS_KEYS = new Set([
  'observer_type',
  'timer_type',
  'buckets',
  'quantiles',
  'match_type',
  'glob_disable_ordering',
  'ttl',
  'summary_options',
  'histogram_options',
]);
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]+$/;
const TEMPLATE = String.raw`(\$\{?\d+\}?)`;
const METRIC_NAME = new RegExp(String.raw`^([a-zA-Z_]|${TEMPLATE})([a-zA-Z0-9_]|${TEMPLATE})*$`);
const STATSD_NAME = String.raw`[a-zA-Z_](-?[a-zA-Z0-9_])*`;
const GLOB = new RegExp(String.raw`^(\*\.|${STATSD_NAME}\.)+(\*|${STATSD_NAME})$`);

/** `source` names the file in messages (e.g. `PULLSTATS_MAPPER_YAML=/etc/map.yaml`). */
export function parseMapperConfig(text: string, source: string): MapperConfig {
  const fail = (reason: string): never => {
    throw new MapperConfigError(`${source}: ${reason}`);
  };
  let document: unknown;
  try {
    document = parseYaml(text);
  } catch (error) {
    throw new MapperConfigError(`${source}: not valid YAML: ${(error as Error).message}`, { cause: error });
  }
  const root = asObject(document ?? {}, 'the file', fail);
  checkKeys(root, new Set(['defaults', 'mappings']), 'the file', fail);
  const defaults = asObject(root.defaults ?? {}, 'defaults', fail);
  checkKeys(defaults, DEFAULTS_KEYS, 'defaults', fail);
  const matchType = readMatchType(defaults.match_type, 'defaults', fail) ?? 'glob';
  const config = {
    observerType: readObserverType(defaults, 'defaults', fail) ?? 'summary',
    buckets: readBuckets(defaults, 'defaults', fail) ?? DEFAULT_BUCKETS,
    quantiles: readQuantiles(defaults, 'defaults', fail) ?? DEFAULT_QUANTILES,
  };
  const rawMappings = root.mappings ?? [];
  if (!Array.isArray(rawMappings)) fail('`mappings` must be a list');
  const mappings = (rawMappings as unknown[]).map((raw, i) =>
    readMapping(raw, i + 1, matchType, (reason) => fail(`mapping ${i + 1}: ${reason}`)),
  );
  return { ...config, mappings };
}

function readMapping(
  raw: unknown,
  index: number,
  defaultMatchType: MatchType,
  fail: (r: string) => never,
): MappingRule {
  const mapping = asObject(raw, 'a mapping', fail);
  checkKeys(mapping, MAPPING_KEYS, 'a mapping', fail);
  const match = asString(mapping.match, 'match', fail);
  if (match === undefined || match === '') fail('`match` is required');
  const where = (reason: string) => fail(`(match "${match}") ${reason}`);
  const name = asString(mapping.name, 'name', where);
  if (name === undefined || name === '') where("metric mapping didn't set a metric name");
  if (!METRIC_NAME.test(name!))
    where(`metric name '${name}' is not a valid Prometheus name (with $n references)`);
  const matchType = readMatchType(mapping.match_type, 'match_type', where) ?? defaultMatchType;
  if (matchType === 'glob' && !GLOB.test(match!)) where('invalid glob match: dot-separated names or `*`');
  if (matchType === 'regex') compileGoRegExp(match!, where);
  const observerType = readObserverType(mapping, 'this mapping', where);
  const buckets = readBuckets(mapping, 'this mapping', where);
  const quantiles = readQuantiles(mapping, 'this mapping', where);
  if (observerType === 'histogram' && quantiles) where('histogram observer with summary quantiles');
  if (observerType === 'summary' && buckets) where('summary observer with histogram buckets');
  return {
    index,
    match: match!,
    matchType,
    matchMetricType: readStatType(mapping.match_metric_type, where),
    action: readAction(mapping.action, where),
    name: name!,
    labels: readLabels(mapping.labels, where),
    help: asString(mapping.help, 'help', where),
    honorLabels: mapping.honor_labels === true,
    observerType,
    buckets,
    quantiles,
    scale: asNumber(mapping.scale, 'scale', where),
  };
}

function readLabels(raw: unknown, fail: (r: string) => never): Record<string, string> {
  const labels = asObject(raw ?? {}, '`labels`', fail);
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(labels)) {
    if (!LABEL_NAME.test(key)) fail(`invalid label key: ${key}`);
    if (typeof value !== 'string' && typeof value !== 'number') fail(`label ${key} must be a string`);
    result[key] = String(value);
  }
  return result;
}

function readMatchType(raw: unknown, where: string, fail: (r: string) => never): MatchType | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (raw === 'glob' || raw === 'regex') return raw;
  return fail(`${where}: match_type must be glob or regex, got ${JSON.stringify(raw)}`);
}

function readObserverType(raw: Raw, where: string, fail: (r: string) => never): ObserverType | undefined {
  const value = raw.observer_type ?? raw.timer_type;
  if (value === undefined || value === '') return undefined;
  if (value === 'histogram' || value === 'summary') return value;
  return fail(`${where}: observer_type must be histogram or summary, got ${JSON.stringify(value)}`);
}

function readStatType(raw: unknown, fail: (r: string) => never): StatType | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (raw === 'counter' || raw === 'gauge' || raw === 'observer') return raw;
  if (raw === 'timer' || raw === 'histogram' || raw === 'distribution') return 'observer';
  return fail(`match_metric_type must be counter, gauge or observer, got ${JSON.stringify(raw)}`);
}

function readAction(raw: unknown, fail: (r: string) => never): 'map' | 'drop' {
  if (raw === undefined || raw === '' || raw === 'map') return 'map';
  if (raw === 'drop') return 'drop';
  return fail(`action must be map or drop, got ${JSON.stringify(raw)}`);
}

function readBuckets(raw: Raw, where: string, fail: (r: string) => never): readonly number[] | undefined {
  const options = asObject(raw.histogram_options ?? {}, `${where}: histogram_options`, fail);
  const buckets = options.buckets ?? raw.buckets;
  if (buckets === undefined || (Array.isArray(buckets) && buckets.length === 0)) return undefined;
  if (!Array.isArray(buckets) || buckets.some((b) => typeof b !== 'number')) {
    return fail(`${where}: buckets must be a list of numbers`);
  }
  return [...(buckets as number[])].sort((a, b) => a - b);
}

function readQuantiles(raw: Raw, where: string, fail: (r: string) => never): readonly Quantile[] | undefined {
  const options = asObject(raw.summary_options ?? {}, `${where}: summary_options`, fail);
  const quantiles = options.quantiles ?? raw.quantiles;
  if (quantiles === undefined || (Array.isArray(quantiles) && quantiles.length === 0)) return undefined;
  if (!Array.isArray(quantiles)) return fail(`${where}: quantiles must be a list`);
  return quantiles.map((item: unknown) => {
    const q = asObject(item, 'a quantile', fail);
    const quantile = asNumber(q.quantile, 'quantile', fail);
    if (quantile === undefined || quantile <= 0 || quantile >= 1)
      fail(`${where}: quantile must be in (0, 1)`);
    return { quantile: quantile!, error: asNumber(q.error, 'error', fail) ?? 0 };
  });
}

function checkKeys(raw: Raw, known: ReadonlySet<string>, where: string, fail: (r: string) => never): void {
  const unknown = Object.keys(raw).filter((key) => !known.has(key));
  if (unknown.length > 0) fail(`unknown key ${unknown.map((k) => `'${k}'`).join(', ')} in ${where}`);
}

function asObject(raw: unknown, what: string, fail: (r: string) => never): Raw {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return fail(`${what} must be a map`);
  return raw as Raw;
}

function asString(raw: unknown, what: string, fail: (r: string) => never): string | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw !== 'string') return fail(`\`${what}\` must be a string`);
  return raw;
}

function asNumber(raw: unknown, what: string, fail: (r: string) => never): number | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw !== 'number' || !Number.isFinite(raw)) return fail(`\`${what}\` must be a number`);
  return raw;
}
