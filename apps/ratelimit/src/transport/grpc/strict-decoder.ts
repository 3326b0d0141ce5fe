// The request decoder of every method the gRPC server serves: bytes that are not a valid message
// (check-wire-format.ts), or that protobufjs cannot decode, become an UndecodableRequest the
// handler answers INVALID_ARGUMENT with the reason; grpc-js would answer INTERNAL with none. A
// message with more of a field than its method allows becomes a RefusedRequest before protobufjs
// decodes it, the check stopping at the occurrence past the bound: counting costs a walk the check
// makes anyway, decoding costs objects.
import type { Type } from 'protobufjs';
import { PASSED_A_TALLY, wireFormatProblem, type FieldTally } from './check-wire-format';
import { RefusedRequest, UndecodableRequest } from './undecodable-request';
import { wireSchemaOf, type WireField, type WireSchema } from './wire-schema';

/** At most `max` occurrences of the message field at `path` (field names from the message down) in one message. */
export interface OccurrenceLimit {
  readonly path: readonly string[];
  readonly max: number;
  /** The answer's text when the message passes `max`. */
  readonly refusal: string;
}

/** A limit's count during a check, with the answer when it passes. */
interface LimitTally extends FieldTally {
  readonly refusal: string;
}

/** `bytes` -> the decoded message, or an UndecodableRequest / RefusedRequest saying what is wrong. */
export function strictDecoder(
  type: Type,
  limits: readonly OccurrenceLimit[] = [],
): (bytes: Buffer) => object {
  const schema = wireSchemaOf(type);
  const tallies: LimitTally[] = limits.map((limit) => ({
    field: fieldAt(schema, limit.path),
    max: limit.max,
    refusal: limit.refusal,
    count: 0,
  }));
  return (bytes) => decodeOrUndecodable(type, schema, bytes, tallies);
}

function decodeOrUndecodable(
  type: Type,
  schema: WireSchema,
  bytes: Buffer,
  tallies: readonly LimitTally[],
): object {
  const problem = wireFormatProblem(schema, bytes, tallies);
  if (problem === PASSED_A_TALLY) {
    const passed = tallies.find((tally) => tally.count > tally.max) as LimitTally;
    return new RefusedRequest(passed.refusal);
  }
  if (problem !== undefined) return new UndecodableRequest(problem);
  try {
    return type.decode(bytes);
  } catch (error) {
    return new UndecodableRequest(error instanceof Error ? error.message : String(error));
  }
}

function fieldAt(schema: WireSchema, path: readonly string[]): WireField {
  let field: WireField | undefined;
  let within: WireSchema | undefined = schema;
  for (const name of path) {
    field = within?.fields.find((candidate) => candidate?.name === name);
    if (field === undefined) throw new Error(`no field ${path.join('.')} in the message`);
    within = field.message;
  }
  if (field?.message === undefined) throw new Error('an occurrence limit names no message field');
  return field;
}
