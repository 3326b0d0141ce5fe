// Rules spanning several variables. Each returns issue lines naming every variable involved.
import { parseList } from './go-values';
import type { VariableSource } from './setting';
import { formatIssue } from './settings-error';
import { VARIABLES, type Settings, type Values } from './settings-schema';

type Shown = readonly [name: string, value: string];
type VariableName = keyof Values;
type BackendType = Settings['backend']['type'];

export function checkSettings(
  values: Values,
  sources: Readonly<Record<string, VariableSource>>,
  backend: BackendType,
): string[] {
  /** The name the user set (canonical when unset) and the text in effect (default when unset). */
  const shown = (name: VariableName): Shown => [
    sources[name].name,
    sources[name].raw ?? VARIABLES.get(name)?.defaultValue ?? '',
  ];
  return [
    ...checkMemcacheNodes(values, backend, shown),
    ...checkStatsSinks(values, shown),
    ...checkPullPath(values, shown),
    ...checkGrpcServerTls(values, shown),
    ...checkRedisUrls(values, backend, shown),
    ...checkCertKeyPairs(values, shown),
    ...checkWorkers(values, backend, shown),
  ];
}

type ShowFn = (name: VariableName) => Shown;

function checkMemcacheNodes(values: Values, backend: BackendType, shown: ShowFn): string[] {
  if (backend !== 'memcache') return [];
  const hasHosts = values.ALTCACHE_HOST_PORT.length > 0;
  const hasSrv = values.ALTCACHE_SRV !== '';
  if (hasHosts && hasSrv) {
    return [
      formatIssue([shown('ALTCACHE_HOST_PORT'), shown('ALTCACHE_SRV')], 'set only one of the two, not both'),
    ];
  }
  if (!hasHosts && !hasSrv) {
    return [
      formatIssue(
        [shown('BACKEND_TYPE')],
        'the memcache backend needs ALTCACHE_HOST_PORT or ALTCACHE_SRV (exactly one)',
      ),
    ];
  }
  return [];
}

/** Envoy refuses two sinks at once; USE_PUSHSTATS defaults to true, hence the hint. */
function checkStatsSinks(values: Values, shown: ShowFn): string[] {
  if (values.DISABLE_STATS) return [];
  const enabled = (['USE_PUSHSTATS', 'USE_TAGGEDSTATS', 'USE_PULLSTATS'] as const).filter(
    (name) => values[name],
  );
  if (enabled.length < 2) return [];
  const hint = values.USE_PUSHSTATS
    ? '; USE_PUSHSTATS (USE_STATSD) defaults to true: set USE_PUSHSTATS=false to use taggedstats or pullstats'
    : '';
  return [
    formatIssue(
      enabled.map(shown),
      `at most one stats sink may be enabled (pushstats/statsd, taggedstats/dogstatsd, pullstats/prometheus)${hint}`,
    ),
  ];
}

/**
 * The Prometheus app routes PULLSTATS_PATH like any Nest route, where `:name` and `*` are
 * patterns and a trailing `/` is dropped: only a literal path without one is accepted, so the
 * path served is the one written.
 */
function checkPullPath(values: Values, shown: ShowFn): string[] {
  if (!values.USE_PULLSTATS || values.DISABLE_STATS) return [];
  const path = values.PULLSTATS_PATH;
  if (/^\/[\w\-.~!$&'+,;=@%/]*$/.test(path) && (path === '/' || !path.endsWith('/'))) return [];
  return [
    formatIssue(
      [shown('PULLSTATS_PATH')],
      "must be a path starting with / made of letters, digits and -._~!$&'+,;=@%/ (no : * ? # or spaces), not ending in /, e.g. /metrics",
    ),
  ];
}

function checkGrpcServerTls(values: Values, shown: ShowFn): string[] {
  const issues: string[] = [];
  const missing = (['GRPC_SERVER_TLS_CERT', 'GRPC_SERVER_TLS_KEY'] as const).filter(
    (name) => values[name] === '',
  );
  if (values.GRPC_SERVER_USE_TLS && missing.length > 0) {
    issues.push(
      formatIssue([shown('GRPC_SERVER_USE_TLS')], `TLS needs ${missing.join(' and ')} (file paths)`),
    );
  }
  if (!values.GRPC_SERVER_USE_TLS && values.GRPC_CLIENT_TLS_CACERT !== '') {
    issues.push(
      formatIssue(
        [shown('GRPC_CLIENT_TLS_CACERT'), shown('GRPC_SERVER_USE_TLS')],
        'mutual TLS needs GRPC_SERVER_USE_TLS=true',
      ),
    );
  }
  if (values.GRPC_CLIENT_TLS_SAN !== '' && values.GRPC_CLIENT_TLS_CACERT === '') {
    issues.push(
      formatIssue(
        [shown('GRPC_CLIENT_TLS_SAN')],
        'the client certificate SAN is checked only with mutual TLS: set GRPC_CLIENT_TLS_CACERT too',
      ),
    );
  }
  return issues;
}

function checkRedisUrls(values: Values, backend: BackendType, shown: ShowFn): string[] {
  if (backend !== 'redis') return [];
  const stores = [['KV_TYPE', 'KV_URL']] as [VariableName, VariableName][];
  if (values.KV_PERSECOND) stores.push(['KV_PERSECOND_TYPE', 'KV_PERSECOND_URL']);
  return stores
    .filter(([type, url]) => values[type] === 'sentinel' && parseList(String(values[url] ?? '')).length < 2)
    .map(([type, url]) =>
      formatIssue(
        [shown(type), shown(url)],
        'a sentinel URL is <master name>,<sentinel host:port>[,...]: at least 2 comma-separated items',
      ),
    );
}

/** A client certificate without its key (or the reverse) would be ignored silently by Envoy. */
function checkCertKeyPairs(values: Values, shown: ShowFn): string[] {
  const pairs: [VariableName, VariableName][] = [
    ['KV_TLS_CLIENT_CERT', 'KV_TLS_CLIENT_KEY'],
    ['ALTCACHE_TLS_CLIENT_CERT', 'ALTCACHE_TLS_CLIENT_KEY'],
    ['CONFIG_GRPC_XDS_CLIENT_TLS_CERT', 'CONFIG_GRPC_XDS_CLIENT_TLS_KEY'],
  ];
  return pairs
    .filter(([cert, key]) => (values[cert] === '') !== (values[key] === ''))
    .map(([cert, key]) =>
      formatIssue([shown(cert), shown(key)], 'set both the client certificate and its key, or neither'),
    );
}

/**
 * Memory counters live in one process; several workers would each count separately. Each worker
 * also keeps its own statistics: a Prometheus scrape would reach one worker at a time, so pull
 * stats need one process too (push sinks add up the workers' deltas).
 */
function checkWorkers(values: Values, backend: BackendType, shown: ShowFn): string[] {
  if (values.WORKERS === 1) return [];
  const issues: string[] = [];
  if (backend === 'memory') {
    issues.push(
      formatIssue(
        [shown('BACKEND_TYPE'), shown('WORKERS')],
        'the memory backend (also chosen when BACKEND_TYPE and KV_URL are unset) counts in one process: WORKERS must be 1; use redis or memcache to run several',
      ),
    );
  }
  if (values.USE_PULLSTATS && !values.DISABLE_STATS) {
    issues.push(
      formatIssue(
        [shown('USE_PULLSTATS'), shown('WORKERS')],
        'each worker keeps its own statistics and a scrape reaches one of them: use WORKERS=1 with pull stats, or a push sink (USE_PUSHSTATS, USE_TAGGEDSTATS)',
      ),
    );
  }
  return issues;
}
