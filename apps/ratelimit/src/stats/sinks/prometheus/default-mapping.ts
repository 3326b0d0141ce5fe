// The built-in PULLSTATS mapping: the reference README's statsd_exporter mapping
// (docs/observability.md), plus `shadow_mode` for domain + one key level (the reference's
// embedded default_mapper.yaml has it) and regex mappings for keys three or more levels deep,
// which keep the first two levels as key1/key2 as that embedded mapper does (without them such
// stats would be exported under one metric name per key path).
// The per-limit stats are statsd counters: statsd_exporter's observer_type applies to timers
// only, so they are exported as Prometheus counters (see docs/observability.md).

const PER_LIMIT_STATS = ['near_limit', 'over_limit', 'total_hits', 'within_limit'] as const;

function perLimitMappings(): string {
  const lines: string[] = [];
  const rule = (match: string, stat: string, labels: string[], regex = false) =>
    lines.push(
      `  - match: '${match}'`,
      ...(regex ? ['    match_type: regex'] : []),
      `    name: ratelimit_service_rate_limit_${stat}`,
      '    observer_type: histogram',
      '    labels:',
      ...labels.map((label, i) => `      ${label}: '$${i + 1}'`),
    );
  for (const stat of [...PER_LIMIT_STATS, 'shadow_mode']) {
    rule(`ratelimit.service.rate_limit.*.*.${stat}`, stat, ['domain', 'key1']);
  }
  for (const stat of [...PER_LIMIT_STATS, 'shadow_mode']) {
    rule(`ratelimit.service.rate_limit.*.*.*.${stat}`, stat, ['domain', 'key1', 'key2']);
  }
  for (const stat of [...PER_LIMIT_STATS, 'shadow_mode']) {
    const regex = String.raw`^ratelimit\.service\.rate_limit\.([^.]*)\.([^.]*)\.([^.]*)\..+\.${stat}$`;
    rule(regex, stat, ['domain', 'key1', 'key2'], true);
  }
  return lines.join('\n');
}

export const DEFAULT_MAPPING_YAML = `mappings:
${perLimitMappings()}
  - match: ratelimit.service.call.should_rate_limit.*
    name: ratelimit_service_should_rate_limit_error
    match_metric_type: counter
    labels:
      err_type: '$1'
  - match: ratelimit_server.*.total_requests
    name: ratelimit_service_total_requests
    match_metric_type: counter
    labels:
      grpc_method: '$1'
  - match: ratelimit_server.*.response_time
    name: ratelimit_service_response_time_seconds
    observer_type: histogram
    labels:
      grpc_method: '$1'
  - match: ratelimit.service.config_load_success
    name: ratelimit_service_config_load_success
    match_metric_type: counter
  - match: ratelimit.service.config_load_error
    name: ratelimit_service_config_load_error
    match_metric_type: counter
`;
