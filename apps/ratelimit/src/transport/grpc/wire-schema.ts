// What the strict wire check (check-wire-format.ts) needs to know of a protobufjs message type:
// for each field number, its name, the wire type it must arrive with and whether its bytes are a
// UTF-8 string or a nested message. Built once per type and kept, so the check per call is a
// table lookup per field.
import { Enum, type Field, MapField, type Type, types } from 'protobufjs';

/** The wire types of the protobuf encoding (6 and 7 are invalid). */
export const WireType = {
  Varint: 0,
  Fixed64: 1,
  LengthDelimited: 2,
  StartGroup: 3,
  EndGroup: 4,
  Fixed32: 5,
} as const;
export type WireType = (typeof WireType)[keyof typeof WireType];

export const WIRE_TYPE_NAMES = ['varint', '64-bit', 'length-delimited', 'start group', 'end group', '32-bit'];

export interface WireField {
  readonly name: string;
  readonly wireType: WireType;
  readonly isString: boolean;
  readonly isRepeated: boolean;
  /** A repeated number may also come packed (length-delimited, of this wire type). */
  readonly packedWireType: WireType | undefined;
  readonly message: WireSchema | undefined;
}

export interface WireSchema {
  /** Indexed by field number; a number with no entry is an unknown field (skipped, as protobuf does). */
  readonly fields: readonly (WireField | undefined)[];
}

const schemas = new WeakMap<Type, WireSchema>();

export function wireSchemaOf(type: Type): WireSchema {
  let schema = schemas.get(type);
  if (schema !== undefined) return schema;
  const fields: (WireField | undefined)[] = [];
  // Set before the fields are built, so a type that contains itself refers to the same schema.
  schema = { fields };
  schemas.set(type, schema);
  for (const field of type.fieldsArray) fields[field.id] = wireFieldOf(field.resolve());
  return schema;
}

function wireFieldOf(field: Field): WireField {
  const basic = (types.basic as Record<string, number | undefined>)[field.type];
  const resolved = field.resolvedType;
  const isMessage = field instanceof MapField || (basic === undefined && !(resolved instanceof Enum));
  const wireType = isMessage ? WireType.LengthDelimited : ((basic ?? WireType.Varint) as WireType);
  const isPackable = field.repeated && !isMessage && wireType !== WireType.LengthDelimited;
  return {
    name: field.name,
    wireType,
    isString: field.type === 'string',
    isRepeated: field.repeated,
    packedWireType: isPackable ? wireType : undefined,
    // A map's entries are checked for their framing only (the service's messages have no map).
    message: isMessage && !(field instanceof MapField) ? wireSchemaOf(resolved as Type) : undefined,
  };
}
