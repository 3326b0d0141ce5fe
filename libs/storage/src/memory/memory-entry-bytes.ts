import { boundKeyLength } from '../digest-key';
import { v8StringBytes } from '../v8-string-bytes';

/**
 * Longer counter keys are kept as their 51-character digest (boundKeyLength), so one entry costs
 * at most MAX_MEMORY_ENTRY_BYTES whatever the descriptor values; 250 as memcached's key limit,
 * longer than the keys of ordinary descriptors, which stay as they are.
 */
export const MAX_MEMORY_KEY_LENGTH = 250;

/**
 * Heap bytes of one counter besides its key's characters: the Map's table slot (key, value and
 * chain, with the table's spare capacity), the counter object with its number fields, and the
 * rope V8 keeps for a key built by concatenation. Measured with `bench/memory-store.bench.ts`
 * (heap used after GC for 200k counters, divided, minus the key strings as v8StringBytes counts
 * them): see docs/stores.md#memory-the-default-without-a-store.
 */
export const MEMORY_ENTRY_OVERHEAD_BYTES = 128;

/** Most that one entry is counted for: a key of MAX_MEMORY_KEY_LENGTH two-byte characters. */
export const MAX_MEMORY_ENTRY_BYTES =
  MEMORY_ENTRY_OVERHEAD_BYTES + v8StringBytes('\u0100'.repeat(MAX_MEMORY_KEY_LENGTH));

/** The key the memory store keeps for a counter key. */
export function memoryKey(key: string): string {
  return boundKeyLength(key, MAX_MEMORY_KEY_LENGTH);
}

/** What an entry with this (stored) key counts against MEMORY_MAX_BYTES. */
export function memoryEntryBytes(storedKey: string): number {
  return MEMORY_ENTRY_OVERHEAD_BYTES + v8StringBytes(storedKey);
}
