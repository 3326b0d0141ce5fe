// The strict half of decoding a request, as Go's protobuf decodes it: protobufjs under Node cuts a
// string whose length runs past the message short instead of failing (`0a 7f 61` read as domain
// "a"), never checks a known field's wire type, and replaces invalid UTF-8 with U+FFFD, so
// different byte strings would share one counter. This walk over the raw bytes rejects all three,
// and truncated or over-long varints, before protobufjs decodes them. It allocates nothing on a
// valid message (module-level scratch values, no subarray unless a string has a non-ASCII byte);
// the numbers are in docs/failure-behaviour.md#hostile-bytes-on-the-wire.
import { isUtf8 } from 'node:buffer';
import { WIRE_TYPE_NAMES, WireType, type WireField, type WireSchema } from './wire-schema';

const FAILED = -1;
/** The largest field number protobuf allows (2^29 - 1). */
const MAX_FIELD_NUMBER = 536_870_911;
/** Groups (a proto2 relic) inside unknown fields, nested deeper than this, are refused. */
const MAX_GROUP_DEPTH = 64;
/** Known messages nested deeper than this are refused (C++ protobuf's default recursion limit). */
const MAX_MESSAGE_DEPTH = 100;
/**
 * The most fields (tags, known or not, at every depth) one message may hold. Walking and decoding
 * run on the serving loop in one piece and cost per field: 4 MiB of two-byte fields (2 million)
 * held every other call 50-250 ms. A request at the descriptor and entry bounds, every optional
 * field set, has about 18,300 (docs/security.md#what-one-request-may-carry).
 */
export const MAX_MESSAGE_FIELDS = 32_768;

/** By wire type: 1 where a tag may have it (4, the end of a group, is valid only inside one). */
const TAG_WIRE_TYPE_IS_VALID = new Uint8Array([1, 1, 1, 1, 0, 1, 0, 0]);

/** The value of the last varint read, and why the last read returned FAILED. */
let varint = 0;
let failure = '';

/**
 * A message field whose occurrences a check counts, over the message and every message inside it;
 * the check stops at the occurrence that passes `max`.
 */
export interface FieldTally {
  readonly field: WireField;
  readonly max: number;
  count: number;
}

/** The tallies of the check running (a check runs start to end without yielding). */
let tallies: readonly FieldTally[] = [];
/** How many more fields the message being checked may hold. */
let fieldsLeft = 0;
const TOO_MANY_FIELDS = `more than ${MAX_MESSAGE_FIELDS} fields`;
/** The problem of a check stopped by a tally: which one is in its count. */
export const PASSED_A_TALLY = 'a counted field occurs more often than allowed';

interface Problem {
  readonly path: string;
  readonly text: string;
}

/**
 * Why `bytes` is not a valid message of `schema`, or undefined when it is. Each of `counted` ends
 * with how often its field occurs in the message (complete when the message is valid); when one
 * passes its max the check stops there with PASSED_A_TALLY.
 */
export function wireFormatProblem(
  schema: WireSchema,
  bytes: Uint8Array,
  counted: readonly FieldTally[] = [],
): string | undefined {
  for (const tally of counted) tally.count = 0;
  tallies = counted;
  fieldsLeft = MAX_MESSAGE_FIELDS;
  const problem = checkMessage(schema, bytes, 0, bytes.length, 0);
  if (problem === undefined) return undefined;
  if (problem.text === TOO_MANY_FIELDS || problem.text === PASSED_A_TALLY) return problem.text;
  return problem.path === '' ? problem.text : `${problem.path}: ${problem.text}`;
}

function checkMessage(
  schema: WireSchema,
  bytes: Uint8Array,
  start: number,
  end: number,
  depth: number,
): Problem | undefined {
  let pos = start;
  while (pos < end) {
    const tagAt = pos;
    pos = readTag(bytes, pos, end);
    if (pos === FAILED) return { path: '', text: failure };
    if (--fieldsLeft < 0) return { path: '', text: TOO_MANY_FIELDS };
    // readTag checked the field number: the tag fits in 32 bits.
    const id = varint >>> 3;
    const wire = varint & 7;
    const field = schema.fields[id];
    if (field !== undefined && !hasWireType(field, wire)) {
      const text = `wire type ${wire} (${WIRE_TYPE_NAMES[wire]}) where ${field.wireType} (${WIRE_TYPE_NAMES[field.wireType]}) is expected, at byte ${tagAt}`;
      return { path: fieldPath(field, schema, bytes, start, tagAt, id), text };
    }
    pos = skipValue(bytes, pos, end, wire, id);
    if (pos === FAILED) return { path: fieldPath(field, schema, bytes, start, tagAt, id), text: failure };
    if (field === undefined || wire !== WireType.LengthDelimited) continue;
    // Only messages are counted: a string's occurrence needs no look at the tallies.
    if (field.message !== undefined && tallies.length > 0 && passesTally(field))
      return { path: '', text: PASSED_A_TALLY };
    // skipValue left the value's length in `varint`.
    const problem = checkContent(field, bytes, pos - varint, pos, depth);
    if (problem !== undefined) return nested(fieldPath(field, schema, bytes, start, tagAt, id), problem);
  }
  return undefined;
}

/** Counts an occurrence of `field`; true when that passes its tally's max. */
function passesTally(field: WireField): boolean {
  for (let i = 0; i < tallies.length; i++) {
    const tally = tallies[i];
    if (tally.field === field && ++tally.count > tally.max) return true;
  }
  return false;
}

function hasWireType(field: WireField, wire: number): boolean {
  return wire === field.wireType || (wire === WireType.LengthDelimited && field.packedWireType !== undefined);
}

/** A length-delimited known field: a string's UTF-8, a message's fields, packed numbers' framing. */
function checkContent(
  field: WireField,
  bytes: Uint8Array,
  start: number,
  end: number,
  depth: number,
): Problem | undefined {
  if (field.isString) return isValidUtf8(bytes, start, end) ? undefined : { path: '', text: 'invalid UTF-8' };
  if (field.message !== undefined) {
    if (depth >= MAX_MESSAGE_DEPTH)
      return { path: '', text: `nested deeper than ${MAX_MESSAGE_DEPTH} messages` };
    return checkMessage(field.message, bytes, start, end, depth + 1);
  }
  if (field.packedWireType === undefined) return undefined;
  for (let pos = start; pos < end;) {
    pos = skipValue(bytes, pos, end, field.packedWireType, 0);
    if (pos === FAILED) return { path: '', text: `packed values: ${failure}` };
  }
  return undefined;
}

function nested(path: string, problem: Problem): Problem {
  return { path: problem.path === '' ? path : `${path}.${problem.path}`, text: problem.text };
}

/** `domain`, `descriptors[2]` (counting the field's earlier occurrences), or `field 9` when unknown. */
function fieldPath(
  field: WireField | undefined,
  schema: WireSchema,
  bytes: Uint8Array,
  start: number,
  tagAt: number,
  id: number,
): string {
  if (field === undefined) return `field ${id}`;
  if (!field.isRepeated) return field.name;
  return `${field.name}[${occurrencesBefore(bytes, start, tagAt, id)}]`;
}

/** How often field `id` occurs from `start` to `stop`, bytes already checked. */
function occurrencesBefore(bytes: Uint8Array, start: number, stop: number, id: number): number {
  let count = 0;
  for (let pos = start; pos < stop;) {
    pos = readTag(bytes, pos, stop);
    const tagId = Math.floor(varint / 8);
    if (tagId === id) count++;
    pos = skipValue(bytes, pos, stop, varint % 8, tagId);
  }
  return count;
}

/** The position after the tag at `pos` (its value in `varint`), or FAILED. */
function readTag(bytes: Uint8Array, pos: number, end: number): number {
  // The usual tag: one byte, a field number from 1 to 15, a wire type other than 4, 6 or 7.
  const first = bytes[pos] as number;
  if (first < 0x80 && first >= 8 && TAG_WIRE_TYPE_IS_VALID[first & 7] === 1 && pos < end) {
    varint = first;
    return pos + 1;
  }
  const next = readTagOrGroupEnd(bytes, pos, end);
  if (next !== FAILED && varint % 8 === WireType.EndGroup) {
    return fail(`end of group ${Math.floor(varint / 8)} without its start at byte ${pos}`);
  }
  return next;
}

function readTagOrGroupEnd(bytes: Uint8Array, pos: number, end: number): number {
  const next = readVarint(bytes, pos, end);
  if (next === FAILED) return FAILED;
  const id = Math.floor(varint / 8);
  const wire = varint % 8;
  if (id === 0 || id > MAX_FIELD_NUMBER) return fail(`invalid field number ${id} at byte ${pos}`);
  if (wire > WireType.Fixed32) return fail(`invalid wire type ${wire} at byte ${pos}`);
  return next;
}

/**
 * The position after the value of wire type `wire` at `pos`, or FAILED. A length-delimited value
 * leaves its length in `varint`.
 */
function skipValue(bytes: Uint8Array, pos: number, end: number, wire: number, id: number): number {
  switch (wire) {
    case WireType.Varint:
      return readVarint(bytes, pos, end);
    case WireType.Fixed64:
      return pos + 8 <= end ? pos + 8 : fail(`8-byte value cut short at byte ${pos}`);
    case WireType.Fixed32:
      return pos + 4 <= end ? pos + 4 : fail(`4-byte value cut short at byte ${pos}`);
    case WireType.LengthDelimited:
      return skipLengthDelimited(bytes, pos, end);
    default:
      return skipGroup(bytes, pos, end, id);
  }
}

function skipLengthDelimited(bytes: Uint8Array, pos: number, end: number): number {
  const next = readVarint(bytes, pos, end);
  if (next === FAILED) return FAILED;
  const left = end - next;
  if (varint > left) {
    return fail(
      `length ${varint} runs past the end of the message (${left} ${left === 1 ? 'byte' : 'bytes'} left)`,
    );
  }
  return next + varint;
}

/** A group of unknown fields up to its matching end, walked without recursion. */
function skipGroup(bytes: Uint8Array, pos: number, end: number, id: number): number {
  const open = [id];
  while (open.length > 0) {
    if (pos >= end) return fail(`group ${open[open.length - 1]} not ended before the end of the message`);
    const tagAt = pos;
    pos = readTagOrGroupEnd(bytes, pos, end);
    if (pos === FAILED) return FAILED;
    if (--fieldsLeft < 0) return fail(TOO_MANY_FIELDS);
    const tagId = Math.floor(varint / 8);
    const wire = varint % 8;
    if (wire === WireType.EndGroup) {
      if (tagId !== open.pop())
        return fail(`end of group ${tagId} where another group is open, at byte ${tagAt}`);
    } else if (wire === WireType.StartGroup) {
      if (open.push(tagId) > MAX_GROUP_DEPTH) return fail(`groups nested deeper than ${MAX_GROUP_DEPTH}`);
    } else {
      pos = skipValue(bytes, pos, end, wire, tagId);
      if (pos === FAILED) return FAILED;
    }
  }
  return pos;
}

/** The position after the varint at `pos` (its value in `varint`), or FAILED. */
function readVarint(bytes: Uint8Array, pos: number, end: number): number {
  // Tags and lengths of a rate limit request are one byte.
  const first = bytes[pos] as number;
  if (pos < end && first < 0x80) {
    varint = first;
    return pos + 1;
  }
  const at = pos;
  let value = 0;
  let scale = 1;
  for (let i = 0; i < 10; i++) {
    if (pos >= end) return fail(`truncated varint at byte ${at}`);
    const byte = bytes[pos++] as number;
    value += (byte & 0x7f) * scale;
    scale *= 128;
    if (byte < 0x80) {
      if (i === 9 && byte > 1) break;
      varint = value;
      return pos;
    }
  }
  return fail(`varint longer than 64 bits at byte ${at}`);
}

/** Up to this length a JS loop is cheaper than a call into Node's validator. */
const SHORT_STRING_BYTES = 256;

function fail(reason: string): number {
  failure = reason;
  return FAILED;
}

/** Short strings (the usual case) are checked here; longer ones by Node's validator, which is
 * native and SIMD: a JS loop over a 1.3 MB value took 1.7 ms of the serving loop, Node's 0.1 ms. */
function isValidUtf8(bytes: Uint8Array, start: number, end: number): boolean {
  if (end - start > SHORT_STRING_BYTES) return isUtf8(bytes.subarray(start, end));
  for (let i = start; i < end; i++) {
    if ((bytes[i] as number) >= 0x80) return isUtf8(bytes.subarray(i, end));
  }
  return true;
}
