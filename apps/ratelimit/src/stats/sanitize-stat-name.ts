// gostats / envoy utils.SanitizeStatName: statsd uses `:` and `|` as separators, so they become
// `_`; the dots of an IPv4 address would split the name into segments, so they become `_` too.
// `*` and `/` are kept.
const IPV4 = /\b(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\b/g;
const SEPARATORS = /[:|]/g;

export function sanitizeStatName(name: string): string {
  return name.replace(SEPARATORS, '_').replace(IPV4, '$1_$2_$3_$4');
}
