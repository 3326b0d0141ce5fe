// grpc-js answers a message it cannot decode with INTERNAL "Error deserializing request" and no
// reason: a client's mistake reported as a server fault. The request decoder of a method is
// wrapped so that such a message reaches the handler as an UndecodableRequest instead, which
// requestFromMessage turns into INVALID_ARGUMENT naming the protobuf error.
import type { MethodDefinition, ServiceDefinition } from '@grpc/grpc-js';

export class UndecodableRequest {
  constructor(readonly reason: string) {}
}

/** A copy of `definition` whose `method` decodes bad bytes to an UndecodableRequest (never throws). */
export function decodeFailuresAsValues(definition: ServiceDefinition, method: string): ServiceDefinition {
  const original = definition[method] as MethodDefinition<unknown, unknown>;
  if (original === undefined) throw new Error(`the service has no method ${method}`);
  const requestDeserialize = (bytes: Buffer): unknown => {
    try {
      return original.requestDeserialize(bytes);
    } catch (error) {
      return new UndecodableRequest(error instanceof Error ? error.message : String(error));
    }
  };
  return { ...definition, [method]: { ...original, requestDeserialize } };
}
