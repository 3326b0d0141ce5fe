// The ADS and RateLimitConfig protos, loaded once with @grpc/proto-loader.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { loadSync, type MessageTypeDefinition, type Options } from '@grpc/proto-loader';
import type { ServiceDefinition } from '@grpc/grpc-js';
import type { XdsRateLimitConfig } from '../from-xds-config';

/**
 * The proto/ folder: the nearest one above this file that holds the RateLimitConfig proto. The
 * build copies proto/ to <dist>/proto; the sources sit four levels below it, the bundled service
 * (<dist>/apps/ratelimit/bundle/service.js) three, so the folder is found rather than counted.
 */
export const XDS_PROTO_ROOT = findProtoRoot(__dirname);

function findProtoRoot(start: string): string {
  for (let dir = start; dir !== dirname(dir); dir = dirname(dir)) {
    if (existsSync(join(dir, 'proto', 'ratelimit', 'config', 'ratelimit', 'v3', 'rls_conf.proto')))
      return join(dir, 'proto');
  }
  throw new Error(`no proto/ folder with ratelimit/config/ratelimit/v3/rls_conf.proto above ${start}`);
}

export const RATE_LIMIT_CONFIG_TYPE_URL = 'type.googleapis.com/ratelimit.config.ratelimit.v3.RateLimitConfig';

/**
 * lowerCamelCase names, enums as names, unset fields undefined (proto3 zero values are applied
 * by fromXdsConfig, like Go), repeated fields always arrays. Any stays `{ typeUrl, value }`: each
 * resource is decoded on its own so one undecodable resource becomes a NACK, not a broken stream.
 */
export const XDS_PROTO_LOADER_OPTIONS: Readonly<Options> = Object.freeze({
  keepCase: false,
  longs: Number,
  enums: String,
  defaults: false,
  arrays: true,
  oneofs: true,
  includeDirs: [XDS_PROTO_ROOT],
});

/** google.protobuf.Any: protobufjs bundles it with snake_case names, whatever keepCase says. */
export interface XdsAny {
  readonly type_url?: string;
  readonly value?: Buffer;
}

export interface XdsNode {
  readonly id: string;
  readonly metadata: { readonly fields: Record<string, { readonly stringValue: string }> };
}

/** envoy.service.discovery.v3.DiscoveryRequest (lowerCamelCase). */
export interface XdsDiscoveryRequest {
  readonly versionInfo?: string;
  readonly node?: XdsNode;
  readonly resourceNames?: readonly string[];
  readonly typeUrl?: string;
  readonly responseNonce?: string;
  readonly errorDetail?: { readonly code?: number; readonly message?: string };
}

/** envoy.service.discovery.v3.DiscoveryResponse (lowerCamelCase). */
export interface XdsDiscoveryResponse {
  readonly versionInfo?: string;
  readonly resources?: readonly XdsAny[];
  readonly canary?: boolean;
  readonly typeUrl?: string;
  readonly nonce?: string;
  readonly controlPlane?: { readonly identifier?: string };
}

export interface XdsProtos {
  readonly adsService: ServiceDefinition;
  readonly rateLimitConfig: MessageTypeDefinition<XdsRateLimitConfig, XdsRateLimitConfig>;
}

let loaded: XdsProtos | undefined;

/** Loads on first use (a file-only deployment never reads these protos). */
export function xdsProtos(): XdsProtos {
  loaded ??= loadXdsProtos();
  return loaded;
}

function loadXdsProtos(): XdsProtos {
  const definition = loadSync(
    ['envoy/service/discovery/v3/ads.proto', 'ratelimit/config/ratelimit/v3/rls_conf.proto'],
    XDS_PROTO_LOADER_OPTIONS,
  );
  return {
    adsService: definition[
      'envoy.service.discovery.v3.AggregatedDiscoveryService'
    ] as unknown as ServiceDefinition,
    rateLimitConfig: definition['ratelimit.config.ratelimit.v3.RateLimitConfig'] as MessageTypeDefinition<
      XdsRateLimitConfig,
      XdsRateLimitConfig
    >,
  };
}
