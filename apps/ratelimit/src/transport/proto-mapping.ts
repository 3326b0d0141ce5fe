// gRPC messages <-> the service's transport-free types. Requests arrive as protobufjs decodes them
// (grpc/rls-server-method.ts: lowerCamelCase, enums as numbers, an unset field reads as its
// default: '' / 0 / [] and null for a message) or as plain objects (tests, proto-loader:
// undefined when unset, enum names). Answers are plain objects protobufjs encodes as they are:
// lowerCamelCase, enums as numbers.
import { util, type Long } from 'protobufjs';
import type { Descriptor, DescriptorEntry, RateLimitRule } from '@repo/rules';
import type { DescriptorStatus, RateLimitDecision, RateLimitRequest } from '../rate-limit-types';
import { InvalidRequestError } from '../errors';
import { MAX_HITS_ADDEND } from '../rate-limit-types';
import { hitsAddendError } from '../ratelimit/validate-request';
import { RefusedRequest, UndecodableRequest } from './grpc/undecodable-request';
import { jsonToStruct, type StructMessage } from './json-to-struct';
import { overrideUnitFromWire, unitToWire } from './proto-units';

export interface EntryMessage {
  key?: string;
  value?: string;
}

/** A uint64 as protobufjs decodes it: a number, or a Long when the `long` package is there. */
type Uint64 = number | Long;

export interface DescriptorMessage {
  entries?: EntryMessage[];
  limit?: { requestsPerUnit?: number; unit?: string | number } | null;
  /** google.protobuf.UInt64Value: present (even `{}` for 0) when the wrapper was set. */
  hitsAddend?: { value?: Uint64 } | null;
}

export interface RateLimitRequestMessage {
  domain?: string;
  descriptors?: DescriptorMessage[];
  hitsAddend?: number;
}

/** RateLimitResponse.Code's numbers (the service answers OK or OVER_LIMIT). */
export const RESPONSE_CODES: Readonly<Record<RateLimitDecision['overallCode'] | 'UNKNOWN', number>> = {
  UNKNOWN: 0,
  OK: 1,
  OVER_LIMIT: 2,
};

export interface RateLimitResponseMessage {
  overallCode: number;
  statuses: object[];
  responseHeadersToAdd: readonly { key: string; value: string }[];
  dynamicMetadata?: StructMessage;
}

export function requestFromMessage(
  message: RateLimitRequestMessage | UndecodableRequest | RefusedRequest,
): RateLimitRequest {
  if (message instanceof RefusedRequest) throw new InvalidRequestError(message.reason);
  if (message instanceof UndecodableRequest) {
    throw new InvalidRequestError(
      `the message is not a valid envoy.service.ratelimit.v3.RateLimitRequest: ${message.reason}`,
    );
  }
  return {
    domain: message.domain ?? '',
    descriptors: (message.descriptors ?? []).map((descriptor, i) => descriptorFromMessage(descriptor, i)),
    hitsAddend: message.hitsAddend ?? 0,
  };
}

function descriptorFromMessage(message: DescriptorMessage, index: number): Descriptor {
  const entries: DescriptorEntry[] = (message.entries ?? []).map((entry) => ({
    key: entry.key ?? '',
    value: entry.value ?? '',
  }));
  const limit = message.limit;
  const hitsAddend = message.hitsAddend;
  if (limit == null && hitsAddend == null) return { entries };
  return {
    entries,
    limit:
      limit == null
        ? undefined
        : { requestsPerUnit: limit.requestsPerUnit ?? 0, unit: overrideUnitFromWire(limit.unit ?? 0) },
    hitsAddend: hitsAddend == null ? undefined : hitsAddendFromWire(hitsAddend.value ?? 0, index),
  };
}

/**
 * A descriptor's UInt64Value hits_addend, refused above MAX_HITS_ADDEND with its exact decimal
 * (a number above 2^53 would print rounded). protobufjs' own conversion, the one proto-loader's
 * `longs: Number` uses.
 */
function hitsAddendFromWire(value: Uint64, index: number): number {
  const addend = typeof value === 'number' ? value : util.LongBits.from(value).toNumber(true);
  if (addend <= MAX_HITS_ADDEND) return addend;
  const exact =
    typeof value === 'number' ? BigInt(value).toString() : util.LongBits.from(value).toLong(true).toString();
  throw hitsAddendError(`descriptor ${index}: `, exact);
}

export function decisionToMessage(decision: RateLimitDecision): RateLimitResponseMessage {
  const message: RateLimitResponseMessage = {
    overallCode: RESPONSE_CODES[decision.overallCode],
    statuses: decision.statuses.map(statusToMessage),
    responseHeadersToAdd: decision.responseHeadersToAdd,
  };
  if (decision.dynamicMetadata !== undefined)
    message.dynamicMetadata = jsonToStruct(decision.dynamicMetadata);
  return message;
}

// Zero values are left out, as Go's protobuf encoder does, so the bytes match the reference's
// (protobufjs would otherwise write an explicitly set 0 or '').
function statusToMessage(status: DescriptorStatus): object {
  const message: Record<string, unknown> = { code: RESPONSE_CODES[status.code] };
  if (status.currentLimit !== undefined) message.currentLimit = currentLimitMessage(status.currentLimit);
  if (status.limitRemaining !== 0) message.limitRemaining = status.limitRemaining;
  if (status.durationUntilResetSeconds !== undefined) {
    message.durationUntilReset = { seconds: status.durationUntilResetSeconds };
  }
  return message;
}

/** RateLimit message of a rule; cached per rule object (rules are immutable, reused per call). */
const limitMessages = new WeakMap<RateLimitRule, object>();

function currentLimitMessage(rule: RateLimitRule): object {
  let message = limitMessages.get(rule);
  if (message === undefined) {
    const fields: Record<string, unknown> = { unit: unitToWire(rule.unit) };
    if (rule.requestsPerUnit !== 0) fields.requestsPerUnit = rule.requestsPerUnit;
    if (rule.name) fields.name = rule.name;
    limitMessages.set(rule, (message = fields));
  }
  return message;
}
