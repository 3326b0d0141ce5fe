// gRPC message objects (as @grpc/proto-loader decodes and encodes them with PROTO_LOADER_OPTIONS:
// lowerCamelCase, enum names, unset fields undefined) <-> the service's transport-free types.
import type { Descriptor, DescriptorEntry, RateLimitRule } from '@repo/rules';
import type { DescriptorStatus, RateLimitDecision, RateLimitRequest } from '../rate-limit-types';
import { InvalidRequestError } from '../errors';
import { UndecodableRequest } from './grpc/undecodable-request';
import { jsonToStruct, type StructMessage } from './json-to-struct';
import { overrideUnitFromWire } from './proto-units';

export interface EntryMessage {
  key?: string;
  value?: string;
}

export interface DescriptorMessage {
  entries?: EntryMessage[];
  limit?: { requestsPerUnit?: number; unit?: string | number };
  /** google.protobuf.UInt64Value: present (even `{}` for 0) when the wrapper was set. */
  hitsAddend?: { value?: number };
}

export interface RateLimitRequestMessage {
  domain?: string;
  descriptors?: DescriptorMessage[];
  hitsAddend?: number;
}

export interface RateLimitResponseMessage {
  overallCode: string;
  statuses: object[];
  responseHeadersToAdd: readonly { key: string; value: string }[];
  dynamicMetadata?: StructMessage;
}

export function requestFromMessage(message: RateLimitRequestMessage | UndecodableRequest): RateLimitRequest {
  if (message instanceof UndecodableRequest) {
    throw new InvalidRequestError(
      `the message is not a valid envoy.service.ratelimit.v3.RateLimitRequest: ${message.reason}`,
    );
  }
  return {
    domain: message.domain ?? '',
    descriptors: (message.descriptors ?? []).map(descriptorFromMessage),
    hitsAddend: message.hitsAddend ?? 0,
  };
}

function descriptorFromMessage(message: DescriptorMessage): Descriptor {
  const entries: DescriptorEntry[] = (message.entries ?? []).map((entry) => ({
    key: entry.key ?? '',
    value: entry.value ?? '',
  }));
  const limit = message.limit;
  const hitsAddend = message.hitsAddend;
  if (limit === undefined && hitsAddend === undefined) return { entries };
  return {
    entries,
    limit:
      limit === undefined
        ? undefined
        : { requestsPerUnit: limit.requestsPerUnit ?? 0, unit: overrideUnitFromWire(limit.unit ?? 0) },
    hitsAddend: hitsAddend === undefined ? undefined : (hitsAddend.value ?? 0),
  };
}

export function decisionToMessage(decision: RateLimitDecision): RateLimitResponseMessage {
  const message: RateLimitResponseMessage = {
    overallCode: decision.overallCode,
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
  const message: Record<string, unknown> = { code: status.code };
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
    const fields: Record<string, unknown> = { unit: rule.unit };
    if (rule.requestsPerUnit !== 0) fields.requestsPerUnit = rule.requestsPerUnit;
    if (rule.name) fields.name = rule.name;
    limitMessages.set(rule, (message = fields));
  }
  return message;
}
