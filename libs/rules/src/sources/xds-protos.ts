// The ADS and RateLimitConfig protos, loaded once with @grpc/proto-loader.
import { loadSync, type MessageTypeDefinition } from '@grpc/proto-loader';
import type { ServiceDefinition } from '@grpc/grpc-js';
import type { XdsRateLimitConfig } from '../from-xds-config';
import { PROTO_LOADER_OPTIONS } from '../proto-files';

export const RATE_LIMIT_CONFIG_TYPE_URL = 'type.googleapis.com/ratelimit.config.ratelimit.v3.RateLimitConfig';

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
    PROTO_LOADER_OPTIONS,
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
