// grpc-js answers a message it cannot decode with INTERNAL "Error deserializing request" and no
// reason: a client's mistake reported as a server fault. The server's request decoder
// (rls-server-method.ts) hands such a message to the handler as an UndecodableRequest instead,
// which requestFromMessage turns into INVALID_ARGUMENT naming the protobuf error.

export class UndecodableRequest {
  constructor(readonly reason: string) {}
}

/**
 * A valid message the method refuses before decoding it (too many of a field), answered
 * INVALID_ARGUMENT with `reason` as it is.
 */
export class RefusedRequest {
  constructor(readonly reason: string) {}
}
