// The V8 code cache of the bundled service, tied to the exact bundle it was made from. V8 checks
// its version, its flags and the source *length* before it uses a cache; a rebuilt bundle of the
// same length with a stale cache would run the old bytecode. So the build seals the bundle: its
// last line is the SHA-256 of the bytes above it (sealBundle), the cache file starts with that
// digest, and a start compares the two. A start used to hash the 4 MB itself: ~10 ms and ~9 % of
// the instructions a start runs (docs/benchmarks.md#start-up). The seal is trusted as written:
// after editing service.js by hand, delete service.js.code-cache (a missing cache only makes the
// start slower).
import { createHash } from 'node:crypto';

const DIGEST_BYTES = 32;
const SEAL_PREFIX = '// sha256 of the lines above: ';
/** The seal line: prefix, 64 hex digits, newline. */
const SEAL_LENGTH = SEAL_PREFIX.length + DIGEST_BYTES * 2 + 1;

/** The bundle's bytes with the seal line after them (the build's last step on service.js). */
export function sealBundle(source: Buffer): Buffer {
  const body =
    source.length > 0 && source[source.length - 1] !== 0x0a ? Buffer.concat([source, NEWLINE]) : source;
  return Buffer.concat([body, Buffer.from(`${SEAL_PREFIX}${sha256(body).toString('hex')}\n`, 'latin1')]);
}

/** The digest a sealed bundle carries; undefined when its last line is not a seal. */
export function bundleSeal(source: Buffer): Buffer | undefined {
  if (source.length < SEAL_LENGTH) return undefined;
  const line = source.subarray(source.length - SEAL_LENGTH).toString('latin1');
  if (!line.startsWith(SEAL_PREFIX) || !line.endsWith('\n')) return undefined;
  const hex = line.slice(SEAL_PREFIX.length, -1);
  return /^[0-9a-f]{64}$/.test(hex) ? Buffer.from(hex, 'hex') : undefined;
}

/** True when the seal matches the bytes above it (a check for the build and its tests). */
export function isSealIntact(source: Buffer): boolean {
  const seal = bundleSeal(source);
  return seal !== undefined && seal.equals(sha256(source.subarray(0, source.length - SEAL_LENGTH)));
}

/** The cache file's contents: the sealed `source`'s digest, then V8's data. */
export function encodeCodeCache(source: Buffer, data: Buffer): Buffer {
  const seal = bundleSeal(source);
  if (seal === undefined)
    throw new Error('the bundle has no seal line: seal it (sealBundle) before caching it');
  return Buffer.concat([seal, data]);
}

/** V8's data when `file` was made from `source` (same seal); undefined otherwise or when there is none. */
export function decodeCodeCache(source: Buffer, file: Buffer | undefined): Buffer | undefined {
  if (file === undefined || file.length <= DIGEST_BYTES) return undefined;
  const seal = bundleSeal(source);
  if (seal === undefined || !file.subarray(0, DIGEST_BYTES).equals(seal)) return undefined;
  return file.subarray(DIGEST_BYTES);
}

const NEWLINE = Buffer.from('\n');

function sha256(bytes: Buffer): Buffer {
  return createHash('sha256').update(bytes).digest();
}
