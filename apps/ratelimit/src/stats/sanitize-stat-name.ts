// gostats / envoy utils.SanitizeStatName: statsd uses `:` and `|` as separators, so they become
// `_`; the dots of an IPv4 address would split the name into segments, so they become `_` too.
// `*` and `/` are kept.
// No word boundaries, as the reference's regexp: an address usually follows `_` (`remote_address_10.0.0.1`).
const IPV4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})/g;
const SEPARATORS = /[:|]/g;

export function sanitizeStatName(name: string): string {
  return name.replace(SEPARATORS, '_').replace(IPV4, '$1_$2_$3_$4');
}
