// Transport-free request and response of ShouldRateLimit (what the gRPC and /json mappers
// convert from and to). Field meanings follow envoy.service.ratelimit.v3
// (proto/envoy/service/ratelimit/v3/rls.proto).
import type { Descriptor, RateLimitRule } from '@repo/rules';

/**
 * The largest hits_addend a request or descriptor may carry (docs/decisions.md#hits): the
 * largest requests_per_unit (a uint32), so no sane addend is refused, and far enough below the
 * counters' range that only billions of such hits on one key within one window could reach it.
 */
export const MAX_HITS_ADDEND = 4294967295;

/**
 * The most descriptors one request may carry, and the most entries over all its descriptors
 * (docs/security.md#what-one-request-may-carry). A request's decoding, decision and answer run on
 * the serving loop in one piece, about 17 microseconds a descriptor: 50,000 descriptors held every
 * other caller 0.5 s. At these bounds a request costs at most a few tens of milliseconds; Envoy
 * sends one descriptor per rate limit action of a route, a handful.
 */
export const MAX_DESCRIPTORS_PER_REQUEST = 1000;
export const MAX_ENTRIES_PER_REQUEST = 4096;

export interface RateLimitRequest {
  readonly domain: string;
  readonly descriptors: readonly Descriptor[];
  /** Request-level hits_addend; 0 means 1 (docs/decisions.md#hits). */
  readonly hitsAddend: number;
}

export type ResponseCode = 'OK' | 'OVER_LIMIT';

export interface DescriptorStatus {
  readonly code: ResponseCode;
  /** The rule whose requests_per_unit, unit and name are returned as current_limit; absent = no limit. */
  readonly currentLimit?: RateLimitRule;
  readonly limitRemaining: number;
  /** Seconds until the window ends (1..unit); absent when there is no limit. */
  readonly durationUntilResetSeconds?: number;
}

export interface HeaderValue {
  readonly key: string;
  readonly value: string;
}

export interface RateLimitDecision {
  readonly overallCode: ResponseCode;
  readonly statuses: readonly DescriptorStatus[];
  readonly responseHeadersToAdd: readonly HeaderValue[];
  /** RESPONSE_DYNAMIC_METADATA=true: the google.protobuf.Struct as a JSON object. */
  readonly dynamicMetadata?: Readonly<Record<string, unknown>>;
}

/** limit_remaining of an unlimited descriptor (max uint32). */
export const UNLIMITED_REMAINING = 4294967295;
