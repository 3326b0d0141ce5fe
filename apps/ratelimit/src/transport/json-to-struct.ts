// JSON object <-> google.protobuf.Struct message objects (as protobufjs encodes them: NullValue as
// its number), for the response's dynamic_metadata on gRPC.

/** google.protobuf.NullValue.NULL_VALUE */
const NULL_VALUE = 0;

export interface StructMessage {
  fields: Record<string, ValueMessage>;
}

export type ValueMessage =
  | { nullValue: typeof NULL_VALUE }
  | { numberValue: number }
  | { stringValue: string }
  | { boolValue: boolean }
  | { structValue: StructMessage }
  | { listValue: { values: ValueMessage[] } };

export function jsonToStruct(object: Readonly<Record<string, unknown>>): StructMessage {
  const fields: Record<string, ValueMessage> = {};
  for (const [key, value] of Object.entries(object)) fields[key] = jsonToValue(value);
  return { fields };
}

function jsonToValue(value: unknown): ValueMessage {
  if (value === null || value === undefined) return { nullValue: NULL_VALUE };
  if (typeof value === 'number') return { numberValue: value };
  if (typeof value === 'string') return { stringValue: value };
  if (typeof value === 'boolean') return { boolValue: value };
  if (Array.isArray(value)) return { listValue: { values: value.map(jsonToValue) } };
  if (typeof value === 'object') return { structValue: jsonToStruct(value as Record<string, unknown>) };
  return { stringValue: String(value) };
}
