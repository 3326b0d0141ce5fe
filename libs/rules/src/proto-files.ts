// The repository's proto/ folder and the one set of @grpc/proto-loader options every gRPC client
// and server uses: the xDS client here, and the service's RateLimitService and health servers (and
// their clients), which import them from this library, the lowest layer that loads protos.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Options } from '@grpc/proto-loader';

/** A file every proto/ folder holds (relative to it): how the folder is recognised. */
const MARKER = 'ratelimit/config/ratelimit/v3/rls_conf.proto';

/**
 * Absolute path of the proto/ folder: the nearest one above `start` that holds MARKER. The build
 * copies proto/ to <dist>/proto; the compiled sources sit four levels below it, the bundled service
 * (<dist>/apps/ratelimit/bundle/service.js) three, and the container image keeps the same layout,
 * so the folder is found rather than counted.
 */
export function findProtoRoot(start: string): string {
  for (let dir = start; dir !== dirname(dir); dir = dirname(dir)) {
    if (existsSync(join(dir, 'proto', MARKER))) return join(dir, 'proto');
  }
  throw new Error(`no proto/ folder with ${MARKER} above ${start}`);
}

export const PROTO_ROOT = findProtoRoot(__dirname);

/**
 * - keepCase false: lowerCamelCase properties (`hitsAddend`, `requestsPerUnit`), the same names
 *   as proto3 JSON on /json, so one mapper serves both transports.
 * - longs Number: the RLS protos' only 64-bit field is the per-descriptor `hits_addend` UInt64Value.
 * - enums String: `'OVER_LIMIT'`, `'WEEK'` (numbers are still accepted when encoding).
 * - defaults false: unset fields stay undefined, so message presence survives decoding: a
 *   descriptor's `hitsAddend` wrapper is `undefined` when unset and `{}` when set to 0 (the
 *   wrapper's zero `value` is omitted), i.e. read it as `wrapper === undefined ? unset :
 *   wrapper.value ?? 0`. xDS: proto3 zero values are applied by fromXdsConfig, like Go.
 * - arrays true: repeated fields are always arrays (`descriptors`, `entries`), even when empty.
 * - oneofs true: a virtual property names the set member of a oneof.
 * - google.protobuf.Any stays `{ type_url, value }`: each xDS resource is decoded on its own, so
 *   one undecodable resource becomes a NACK, not a broken stream.
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
