// (apps/ratelimit/load/: what calls the service from outside, shared by the tests and the benchmarks)
// Hostile inputs as bytes and text, built once before they are sent: rules files that are small
// on the wire but large once YAML aliases or merge keys are expanded, a rules file of a given
// size, descriptor values of a given size, malformed ShouldRateLimit messages, and the largest
// hits_addend a JavaScript number holds exactly. Pure functions, no I/O.

/** 2^53 - 1: 1,025 increments by it pass 2^63 - 1, the largest integer a Redis counter holds. */
export const HITS_ADDEND_MAX = Number.MAX_SAFE_INTEGER;

/**
 * A rules file of `domain` whose level-0 anchor is one limited descriptor and each level N a
 * descriptor with 10 aliases of level N-1: 10^levels descriptors once expanded. The anchors are
 * top-level descriptors themselves, so the file has no unknown key to stop at.
 */
export function aliasBombYaml(domain: string, levels: number): string {
  const lines = [`domain: ${domain}`, 'descriptors:'];
  lines.push('  - &d0 {key: k0, rate_limit: {unit: second, requests_per_unit: 1}}');
  for (let level = 1; level <= levels; level++) {
    const aliases = Array.from({ length: 10 }, () => `*d${level - 1}`).join(', ');
    lines.push(`  - &d${level} {key: k${level}, descriptors: [${aliases}]}`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * A rules file of `domain` where each level merges the level below twice (`<<: [*m, *m]`): the
 * merged mapping keeps the same keys, but a parser that copies each merge walks 2^levels maps.
 * Every level is a valid descriptor (key, value, limit).
 */
export function mergeKeyBombYaml(domain: string, levels: number): string {
  const lines = [`domain: ${domain}`, 'descriptors:'];
  lines.push('  - &m0 {key: k, value: v0, rate_limit: {unit: second, requests_per_unit: 1}}');
  for (let level = 1; level <= levels; level++)
    lines.push(`  - &m${level} {<<: [*m${level - 1}, *m${level - 1}], value: v${level}}`);
  return `${lines.join('\n')}\n`;
}

/**
 * A valid rules file of `domain` of at least `bytes` bytes: distinct limited descriptors, each
 * with a nested one, so the whole file compiles into that many rules.
 */
export function bigRulesYaml(domain: string, bytes: number): string {
  const parts = [`domain: ${domain}\ndescriptors:\n`];
  let size = parts[0].length;
  for (let n = 0; size < bytes; n++) {
    const entry =
      `  - key: client_${n}\n    value: value_${n}\n    rate_limit: { unit: minute, requests_per_unit: ${n + 1} }\n` +
      `    descriptors:\n      - key: path\n        rate_limit: { unit: second, requests_per_unit: ${n + 2} }\n`;
    parts.push(entry);
    size += entry.length;
  }
  return parts.join('');
}

/** Descriptor value number `n` of exactly `bytes` ASCII bytes; distinct for distinct `n`. */
export function bigDescriptorValue(n: number, bytes: number): string {
  const suffix = `-${n}`;
  return 'v'.repeat(Math.max(0, bytes - suffix.length)) + suffix;
}

/**
 * A ShouldRateLimit message that is not protobuf: field 1 (domain) announces 127 bytes and one
 * follows.
 */
export function truncatedRlsMessage(): Buffer {
  return Buffer.from([0x0a, 0x7f, 0x61]);
}

/**
 * A well-framed ShouldRateLimit message whose descriptor value is not UTF-8 (proto3 `string`
 * fields must be): domain `domain`, one entry `key` = the bytes ff fe 61.
 */
export function invalidUtf8RlsMessage(domain: string, key: string): Buffer {
  const entry = Buffer.concat([field(1, Buffer.from(key)), field(2, Buffer.from([0xff, 0xfe, 0x61]))]);
  const descriptor = field(1, entry);
  return Buffer.concat([field(1, Buffer.from(domain)), field(2, descriptor)]);
}

/** A length-delimited protobuf field (wire type 2). */
function field(number: number, bytes: Buffer): Buffer {
  return Buffer.concat([varint((number << 3) | 2), varint(bytes.length), bytes]);
}

function varint(value: number): Buffer {
  const bytes: number[] = [];
  let rest = value;
  while (rest >= 0x80) {
    bytes.push((rest & 0x7f) | 0x80);
    rest = Math.floor(rest / 128);
  }
  bytes.push(rest);
  return Buffer.from(bytes);
}
