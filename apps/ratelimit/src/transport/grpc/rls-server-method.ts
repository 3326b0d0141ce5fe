// RateLimitService/ShouldRateLimit as the server runs it: rls.proto's messages decoded and encoded
// by protobufjs straight. @grpc/proto-loader (which the clients use) converts every decoded message
// into a plain object (toObject) and every answer back into message objects (fromObject) before
// encoding; on a call that does little else, those copies were a measurable share of the CPU and
// garbage per call (docs/benchmarks.md, "The bundle's per-call cost"). Here the handler gets the
// decoded message itself (unset fields read as protobufjs' defaults: '' / 0 / [] / null) and
// returns a plain object that protobufjs encodes as it is, enums as numbers (proto-mapping.ts).
// The bytes on the wire are the same either way.
import type { MethodDefinition, ServiceDefinition } from '@grpc/grpc-js';
import type { Type } from 'protobufjs';
import { RLS_SERVICE_NAME } from '../proto-paths';
import { encodeMessage, packageOf, serverMessageType } from './server-protos';
import { MAX_DESCRIPTORS_PER_REQUEST, MAX_ENTRIES_PER_REQUEST } from '../../rate-limit-types';
import { TOO_MANY_DESCRIPTORS, TOO_MANY_ENTRIES } from '../../ratelimit/validate-request';
import { strictDecoder, type OccurrenceLimit } from './strict-decoder';

export interface RlsMessageTypes {
  readonly request: Type;
  readonly response: Type;
}

/** rls.proto's request and response types (server-protos.ts loads the protos once). */
export function rlsMessageTypes(): RlsMessageTypes {
  return {
    request: serverMessageType(`${packageOf(RLS_SERVICE_NAME)}.RateLimitRequest`),
    response: serverMessageType(`${packageOf(RLS_SERVICE_NAME)}.RateLimitResponse`),
  };
}

/** A request over these bounds is refused before it is decoded (docs/security.md#what-one-request-may-carry). */
const REQUEST_LIMITS: readonly OccurrenceLimit[] = [
  { path: ['descriptors'], max: MAX_DESCRIPTORS_PER_REQUEST, refusal: TOO_MANY_DESCRIPTORS },
  { path: ['descriptors', 'entries'], max: MAX_ENTRIES_PER_REQUEST, refusal: TOO_MANY_ENTRIES },
];

/**
 * The service definition grpc-js serves ShouldRateLimit with. A message that is not valid protobuf
 * reaches the handler as an UndecodableRequest, one over REQUEST_LIMITS as a RefusedRequest
 * (strict-decoder.ts).
 */
export function rlsServerDefinition(): ServiceDefinition {
  const { request, response } = rlsMessageTypes();
  const method: MethodDefinition<object, object> = {
    path: `/${RLS_SERVICE_NAME}/ShouldRateLimit`,
    requestStream: false,
    responseStream: false,
    originalName: 'shouldRateLimit',
    requestSerialize: (message) => encodeMessage(request, message),
    requestDeserialize: strictDecoder(request, REQUEST_LIMITS),
    responseSerialize: (message) => encodeMessage(response, message),
    responseDeserialize: (bytes) => response.decode(bytes),
  };
  return { ShouldRateLimit: method };
}
