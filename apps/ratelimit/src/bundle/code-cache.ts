// The V8 code cache of the bundled service, tied to the exact bundle it was made from. V8 checks
// its version, its flags and the source *length* before it uses a cache; a rebuilt bundle of the
// same length with a stale cache would run the old bytecode. So the file starts with the SHA-256
// of the bundle's bytes (3 ms for 4 MB), and a cache made from other bytes is not used.
import { createHash } from 'node:crypto';

const HASH_BYTES = 32;

/** The cache file's contents: SHA-256 of `source`, then V8's data. */
export function encodeCodeCache(source: Buffer, data: Buffer): Buffer {
  return Buffer.concat([sha256(source), data]);
}

/** V8's data when `file` was made from `source`; undefined otherwise (or when there is none). */
export function decodeCodeCache(source: Buffer, file: Buffer | undefined): Buffer | undefined {
  if (file === undefined || file.length <= HASH_BYTES) return undefined;
  return file.subarray(0, HASH_BYTES).equals(sha256(source)) ? file.subarray(HASH_BYTES) : undefined;
}

function sha256(bytes: Buffer): Buffer {
  return createHash('sha256').update(bytes).digest();
}
