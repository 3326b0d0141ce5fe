// xDS RateLimitConfig -> RawDomainConfig (envoy src/config/config_xds.go), so the one compiler
// validates xDS resources and YAML files alike and reports errors as `<resource name>: <detail>`.
// Input is the decoded proto (ratelimit.config.ratelimit.v3, proto-loader with lowerCamelCase
// names, enums as names, unset fields undefined). Proto3 has no presence for scalars, so an
// unset field means its zero value, exactly as in Go: unit 0 is 'UNKNOWN', requests_per_unit 0.
import type { RawDescriptor, RawDomainConfig, RawRateLimit, RawReplaces } from './raw-domain-config';

export interface XdsRateLimitReplace {
  readonly name?: string;
}

export interface XdsRateLimitPolicy {
  /** Enum name, or the number when the server sent a value this proto does not know. */
  readonly unit?: string | number;
  readonly requestsPerUnit?: number;
  readonly unlimited?: boolean;
  readonly name?: string;
  readonly replaces?: readonly XdsRateLimitReplace[];
}

export interface XdsRateLimitDescriptor {
  readonly key?: string;
  readonly value?: string;
  readonly rateLimit?: XdsRateLimitPolicy;
  readonly descriptors?: readonly XdsRateLimitDescriptor[];
  readonly shadowMode?: boolean;
  readonly detailedMetric?: boolean;
  readonly quotaMode?: boolean;
}

/** One `type.googleapis.com/ratelimit.config.ratelimit.v3.RateLimitConfig` resource. */
export interface XdsRateLimitConfig {
  readonly name?: string;
  readonly domain?: string;
  readonly descriptors?: readonly XdsRateLimitDescriptor[];
}

/** Converts one xDS resource; its `name` becomes the source name that prefixes errors. */
export function fromXdsConfig(config: XdsRateLimitConfig): RawDomainConfig {
  return {
    sourceName: config.name ?? '',
    domain: config.domain ?? '',
    descriptors: (config.descriptors ?? []).map(toRawDescriptor),
  };
}

function toRawDescriptor(descriptor: XdsRateLimitDescriptor): RawDescriptor {
  return {
    key: descriptor.key ?? '',
    // Empty and absent are the same in proto3; YAML's "no value" (default entry) is undefined.
    value: nonEmpty(descriptor.value),
    rateLimit: descriptor.rateLimit === undefined ? undefined : toRawRateLimit(descriptor.rateLimit),
    descriptors: (descriptor.descriptors ?? []).map(toRawDescriptor),
    shadowMode: descriptor.shadowMode === true,
    detailedMetric: descriptor.detailedMetric === true,
    quotaMode: descriptor.quotaMode === true,
  };
}

function toRawRateLimit(policy: XdsRateLimitPolicy): RawRateLimit {
  return {
    // Go: pb.Unit.String() -> 'UNKNOWN' when unset, the number as text when not in the enum.
    unit: String(policy.unit ?? 'UNKNOWN'),
    requestsPerUnit: policy.requestsPerUnit ?? 0,
    unlimited: policy.unlimited === true,
    name: nonEmpty(policy.name),
    // An empty replaces name must reach the compiler ("should not have an empty replaces entry").
    replaces: (policy.replaces ?? []).map((replace): RawReplaces => ({ name: replace.name ?? '' })),
  };
}

function nonEmpty(text: string | undefined): string | undefined {
  return text === undefined || text === '' ? undefined : text;
}
