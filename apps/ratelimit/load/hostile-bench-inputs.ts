// (apps/ratelimit/load/: what calls the service from outside, shared by the tests and the benchmarks)
// Hostile inputs as bytes and text, built once before they are sent: descriptor values of a given
// size, malformed ShouldRateLimit messages, and the largest hits_addend a JavaScript number holds
// exactly (hostile rule files: hostile-rules.ts). Pure functions, no I/O.

/** 2^53 - 1: 1,025 increments by it pass 2^63 - 1, the largest integer a Redis counter holds. */
export const HITS_ADDEND_MAX = Number.MAX_SAFE_INTEGER;

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
