// Rules spanning several variables, one row each: the variables it names and the problem, when
// there is one. Each problem is one line naming every variable involved, with the name the user set
// and the text in effect (the default when unset).
import { parseList } from './go-values';
import type { VariableSource } from './setting';
import { formatIssue } from './settings-error';
import { VARIABLES, type Settings, type Values } from './settings-schema';

type Name = keyof Values;
type Issue = readonly [names: readonly Name[], reason: string];
type Rule = (values: Values, backend: Settings['backend']['type']) => Issue | false | readonly Issue[];

const SINKS = ['USE_PUSHSTATS', 'USE_TAGGEDSTATS', 'USE_PULLSTATS'] as const;
const PUSH_HINT =
  '; USE_PUSHSTATS (USE_STATSD) defaults to true: set USE_PUSHSTATS=false to use taggedstats or pullstats';
const hasOne = (values: Values) => [values.ALTCACHE_HOST_PORT.length > 0, values.ALTCACHE_SRV !== undefined];
// The Prometheus listener serves PULLSTATS_PATH as written; a path routers read as a pattern (`:name`,
// `*`, a trailing `/`) or a URL's path cannot hold (`?`, `#`) is refused, so the path served is the one written.
const isLiteralPath = (path: string) =>
  /^\/[\w\-.~!$&'+,;=@%/]*$/.test(path) && (path === '/' || !path.endsWith('/'));
const tlsFilesMissing = (values: Values) =>
  (['GRPC_SERVER_TLS_CERT', 'GRPC_SERVER_TLS_KEY'] as const).filter((name) => values[name] === '');
const isSentinelWithoutSentinels = (values: Values, type: Name, url: Name) =>
  values[type] === 'sentinel' && parseList(String(values[url] ?? '')).length < 2;
// Envoy would ignore a client certificate without its key (or the reverse) without a word.
const CERT_KEY_PAIRS: readonly (readonly [Name, Name])[] = [
  ['KV_TLS_CLIENT_CERT', 'KV_TLS_CLIENT_KEY'],
  ['ALTCACHE_TLS_CLIENT_CERT', 'ALTCACHE_TLS_CLIENT_KEY'],
  ['CONFIG_GRPC_XDS_CLIENT_TLS_CERT', 'CONFIG_GRPC_XDS_CLIENT_TLS_KEY'],
];

// One row per rule, read as a table (prettier would spread each over six lines).
// prettier-ignore
const RULES: readonly Rule[] = [
  (v, backend) => backend === 'memcache' && hasOne(v).every(Boolean) && [['ALTCACHE_HOST_PORT', 'ALTCACHE_SRV'], 'set only one of the two, not both'],
  (v, backend) => backend === 'memcache' && !hasOne(v).some(Boolean) && [['BACKEND_TYPE'], 'the memcache backend needs ALTCACHE_HOST_PORT or ALTCACHE_SRV (exactly one)'],
  // Envoy refuses two sinks at once; USE_PUSHSTATS defaults to true, hence the hint.
  (v) => !v.DISABLE_STATS && SINKS.filter((name) => v[name]).length > 1 &&
    [SINKS.filter((name) => v[name]), `at most one stats sink may be enabled (pushstats/statsd, taggedstats/dogstatsd, pullstats/prometheus)${v.USE_PUSHSTATS ? PUSH_HINT : ''}`],
  (v) => v.USE_PULLSTATS && !v.DISABLE_STATS && !isLiteralPath(v.PULLSTATS_PATH) &&
    [['PULLSTATS_PATH'], "must be a path starting with / made of letters, digits and -._~!$&'+,;=@%/ (no : * ? # or spaces), not ending in /, e.g. /metrics"],
  (v) => v.GRPC_SERVER_USE_TLS && tlsFilesMissing(v).length > 0 && [['GRPC_SERVER_USE_TLS'], `TLS needs ${tlsFilesMissing(v).join(' and ')} (file paths)`],
  (v) => !v.GRPC_SERVER_USE_TLS && v.GRPC_CLIENT_TLS_CACERT !== '' && [['GRPC_CLIENT_TLS_CACERT', 'GRPC_SERVER_USE_TLS'], 'mutual TLS needs GRPC_SERVER_USE_TLS=true'],
  (v) => v.GRPC_CLIENT_TLS_SAN !== '' && v.GRPC_CLIENT_TLS_CACERT === '' &&
    [['GRPC_CLIENT_TLS_SAN'], 'the client certificate SAN is checked only with mutual TLS: set GRPC_CLIENT_TLS_CACERT too'],
  (v, backend) => (backend !== 'redis' ? [] : ([['KV_TYPE', 'KV_URL'], ['KV_PERSECOND_TYPE', 'KV_PERSECOND_URL']] as const))
    .filter(([type, url], store) => (store === 0 || v.KV_PERSECOND) && isSentinelWithoutSentinels(v, type, url))
    .map((names) => [names, 'a sentinel URL is <master name>,<sentinel host:port>[,...]: at least 2 comma-separated items']),
  (v) => CERT_KEY_PAIRS.filter(([cert, key]) => (v[cert] === undefined) !== (v[key] === undefined))
    .map((pair) => [pair, 'set both the client certificate and its key, or neither']),
  // Memory counters live in one process: several workers would each count apart.
  (v, backend) => v.WORKERS > 1 && backend === 'memory' &&
    [['BACKEND_TYPE', 'WORKERS'], 'the memory backend (also chosen when BACKEND_TYPE and KV_URL are unset) counts in one process: WORKERS must be 1; use redis or memcache to run several'],
  // Each worker keeps its own statistics and a Prometheus scrape reaches one (push sinks add them up).
  (v) => v.WORKERS > 1 && v.USE_PULLSTATS && !v.DISABLE_STATS &&
    [['USE_PULLSTATS', 'WORKERS'], 'each worker keeps its own statistics and a scrape reaches one of them: use WORKERS=1 with pull stats, or a push sink (USE_PUSHSTATS, USE_TAGGEDSTATS)'],
];

export function checkSettings(
  values: Values,
  sources: Record<string, VariableSource>,
  backend: Settings['backend']['type'],
): string[] {
  const shown = (name: Name) =>
    [sources[name].name, sources[name].raw ?? VARIABLES.get(name)?.defaultValue ?? ''] as const;
  const issues = RULES.flatMap((rule) => {
    const found = rule(values, backend);
    return found === false
      ? []
      : typeof found[1] === 'string'
        ? [found as Issue]
        : (found as readonly Issue[]);
  });
  return issues.map(([names, reason]) => formatIssue(names.map(shown), reason));
}
