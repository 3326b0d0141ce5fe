// The request decoder of every method the gRPC server serves: bytes that are not a valid message
// (check-wire-format.ts), or that protobufjs cannot decode, become an UndecodableRequest the
// handler answers INVALID_ARGUMENT with the reason; grpc-js would answer INTERNAL with none.
import type { Type } from 'protobufjs';
import { wireFormatProblem } from './check-wire-format';
import { UndecodableRequest } from './undecodable-request';
import { wireSchemaOf, type WireSchema } from './wire-schema';

/** `bytes` -> the decoded message, or an UndecodableRequest saying what is wrong with them. */
export function strictDecoder(type: Type): (bytes: Buffer) => object {
  const schema = wireSchemaOf(type);
  return (bytes) => decodeOrUndecodable(type, schema, bytes);
}

function decodeOrUndecodable(type: Type, schema: WireSchema, bytes: Buffer): object {
  const problem = wireFormatProblem(schema, bytes);
  if (problem !== undefined) return new UndecodableRequest(problem);
  try {
    return type.decode(bytes);
  } catch (error) {
    return new UndecodableRequest(error instanceof Error ? error.message : String(error));
  }
}
