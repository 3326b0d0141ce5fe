// An xDS resource's bytes -> the RawDomainConfig the compiler takes. The xDS source checks the type
// URL; the rules worker decodes and converts (a 4 MiB set is too much decoding for the serving
// thread), or the source itself when it compiles nothing.
import { fromXdsConfig } from '../from-xds-config';
import type { RawDomainConfig } from '../raw-domain-config';
import { RATE_LIMIT_CONFIG_TYPE_URL, xdsProtos, type XdsAny } from './xds-protos';

/** The bytes of a RateLimitConfig resource; throws for a resource of another type. */
export function rateLimitConfigBytes(resource: XdsAny): Buffer {
  if (resource.type_url !== RATE_LIMIT_CONFIG_TYPE_URL) {
    throw new Error(
      `unexpected xDS resource type '${resource.type_url ?? ''}', expected '${RATE_LIMIT_CONFIG_TYPE_URL}'`,
    );
  }
  return resource.value ?? Buffer.alloc(0);
}

/** A set's RateLimitConfig resources (their bytes) as RawDomainConfigs; rejects with the first that does not decode. */
export async function decodeRateLimitConfigs(resources: readonly Uint8Array[]): Promise<RawDomainConfig[]> {
  return resources.map(decodeRateLimitConfig);
}

/** A RateLimitConfig's bytes as a RawDomainConfig; throws with what protobuf could not decode. */
export function decodeRateLimitConfig(bytes: Uint8Array): RawDomainConfig {
  try {
    return fromXdsConfig(xdsProtos().rateLimitConfig.deserialize(Buffer.from(bytes)));
  } catch (error) {
    throw new Error(`cannot decode xDS RateLimitConfig resource: ${(error as Error).message}`, {
      cause: error,
    });
  }
}
