// Where the service's .proto files are and how every part of the app loads them, in one place.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Options } from '@grpc/proto-loader';

/** envoy.service.ratelimit.v3.RateLimitService (relative to PROTO_ROOT). */
export const RLS_PROTO_FILE = 'envoy/service/ratelimit/v3/rls.proto';

/**
 * Absolute path of the proto/ folder (pass as `includeDirs: [PROTO_ROOT]`): the nearest one above
 * this file that holds the RLS proto. The build copies proto/ to <dist>/proto; the compiled
 * sources sit four levels below it, the bundled service (<dist>/apps/ratelimit/bundle/service.js)
 * three, and the container image keeps the same layout, so the folder is found rather than counted.
 */
export const PROTO_ROOT = findProtoRoot(__dirname);

function findProtoRoot(start: string): string {
  for (let dir = start; dir !== dirname(dir); dir = dirname(dir)) {
    if (existsSync(join(dir, 'proto', RLS_PROTO_FILE))) return join(dir, 'proto');
  }
  throw new Error(`no proto/ folder with ${RLS_PROTO_FILE} above ${start}`);
}

/** grpc.health.v1.Health (relative to PROTO_ROOT). */
export const HEALTH_PROTO_FILE = 'grpc/health/v1/health.proto';

export const RLS_SERVICE_NAME = 'envoy.service.ratelimit.v3.RateLimitService';
export const HEALTH_SERVICE_NAME = 'grpc.health.v1.Health';

/**
 * proto-loader options for every RLS/health client and server in the app:
 * - keepCase false: lowerCamelCase properties (`hitsAddend`, `requestsPerUnit`), the same names
 *   as proto3 JSON on /json, so one mapper serves both transports.
 * - longs Number: the only 64-bit field is the per-descriptor `hits_addend` UInt64Value.
 * - enums String: `'OVER_LIMIT'`, `'WEEK'` (numbers are still accepted when encoding).
 * - defaults false: unset fields stay undefined, so message presence survives decoding: a
 *   descriptor's `hitsAddend` wrapper is `undefined` when unset and `{}` when set to 0 (the
 *   wrapper's zero `value` is omitted), i.e. read it as `wrapper === undefined ? unset :
 *   wrapper.value ?? 0`.
 * - arrays true: repeated fields are always arrays (`descriptors`, `entries`), even when empty.
 * - oneofs true: a virtual property names the set member of a oneof.
 */
export const PROTO_LOADER_OPTIONS: Readonly<Options> = Object.freeze({
  keepCase: false,
  longs: Number,
  enums: String,
  defaults: false,
  arrays: true,
  oneofs: true,
  includeDirs: [PROTO_ROOT],
});
