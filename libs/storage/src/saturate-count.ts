// Counters saturate instead of overflowing (docs/stores.md#saturated-counters). Redis counts in
// signed 64-bit integers and fails an INCRBY past 2^63 - 1; Lua (inside Redis scripts) and
// JavaScript hold numbers as IEEE doubles, exact up to 2^53 - 1 only, and a double above 2^63
// cast back to a Redis integer wraps to a negative count (under every limit). Every store
// therefore answers at most COUNTER_CEILING: far above the largest limit (requests_per_unit is a
// uint32) and exact in every number type on the way, so a saturated counter is over its limit.

/** The largest count a store answers: 2^53 - 1. */
export const COUNTER_CEILING = Number.MAX_SAFE_INTEGER;

/** `count`, or COUNTER_CEILING when above it. */
export function saturateCount(count: number): number {
  return count > COUNTER_CEILING ? COUNTER_CEILING : count;
}

/** A decimal number as Redis or memcached store it (an integer, or a token bucket's `%.17g` TAT). */
const STORED_NUMBER = /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i;

/**
 * A stored counter's text as a number, saturated; undefined when it is not a number (a value
 * someone wrote by hand).
 */
export function parseStoredCount(text: string): number | undefined {
  return STORED_NUMBER.test(text) ? saturateCount(Number(text)) : undefined;
}
