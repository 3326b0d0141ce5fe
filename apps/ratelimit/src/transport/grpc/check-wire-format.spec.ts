import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { MethodDefinition } from '@grpc/grpc-js';
import { Field, Type } from 'protobufjs';
import { rlsProtos } from '../rls-protos';
import { rlsMessageTypes } from './rls-server-method';
import { MAX_MESSAGE_FIELDS, PASSED_A_TALLY, wireFormatProblem } from './check-wire-format';
import { wireSchemaOf } from './wire-schema';

const sut = (hex: string) =>
  wireFormatProblem(wireSchemaOf(rlsMessageTypes().request), Buffer.from(hex.replace(/ /g, ''), 'hex'));
const client = rlsProtos().rlsService.ShouldRateLimit as MethodDefinition<object, object>;

describe(wireFormatProblem.name, () => {
  it('accepts what a protobuf encoder writes, unknown fields of every wire type included', () => {
    const bytes = client.requestSerialize({
      domain: 'dömain',
      descriptors: [
        { entries: [{ key: 'k', value: '€ ✓ 😀' }], limit: { requestsPerUnit: 5, unit: 'MINUTE' } },
        { entries: [{ key: '', value: '' }], hitsAddend: { value: 0 } },
      ],
      hitsAddend: 4294967295,
    });
    assert.equal(wireFormatProblem(wireSchemaOf(rlsMessageTypes().request), bytes), undefined);
    // field 9 as a varint, 64-bit, length-delimited, 32-bit value and a group with a group inside
    assert.equal(
      sut('48 96 01  49 0102030405060708  4a 02 ffff  4d 01020304  4b 5b 08 01 5c 4c  0a 01 61'),
      undefined,
    );
    assert.equal(sut(''), undefined);
  });

  it('counts the occurrences of the fields it is given, in nested messages too', () => {
    const schema = wireSchemaOf(rlsMessageTypes().request);
    const descriptors = schema.fields[2]!;
    const entries = descriptors.message!.fields[1]!;
    const tallies = [
      { field: descriptors, max: 3, count: 0 },
      { field: entries, max: 3, count: 7 },
    ];
    const bytes = client.requestSerialize({
      domain: 'd',
      descriptors: [
        {
          entries: [
            { key: 'a', value: '1' },
            { key: 'b', value: '2' },
          ],
        },
        { entries: [] },
        { entries: [{ key: 'c', value: '3' }] },
      ],
    });
    assert.equal(wireFormatProblem(schema, bytes, tallies), undefined);
    assert.deepEqual(
      tallies.map((tally) => tally.count),
      [3, 3],
    );
    // each check starts from zero
    assert.equal(wireFormatProblem(schema, bytes, tallies), undefined);
    assert.deepEqual(
      tallies.map((tally) => tally.count),
      [3, 3],
    );
    // the check stops at the occurrence past a max: the third entry, before the third descriptor
    const fewer = [
      { field: descriptors, max: 3, count: 0 },
      { field: entries, max: 2, count: 0 },
    ];
    assert.equal(wireFormatProblem(schema, bytes, fewer), PASSED_A_TALLY);
    assert.deepEqual(
      fewer.map((tally) => tally.count),
      [3, 3],
    );
  });

  it('at most 32,768 fields a message, counted at every depth and in groups, reported without a path', () => {
    assert.equal(MAX_MESSAGE_FIELDS, 32_768);
    const schema = wireSchemaOf(rlsMessageTypes().request);
    const unknownVarints = (count: number) => Buffer.from('4800'.repeat(count), 'hex');
    assert.equal(wireFormatProblem(schema, unknownVarints(32_768)), undefined);
    assert.equal(wireFormatProblem(schema, unknownVarints(32_769)), 'more than 32768 fields');
    // 1 + 1 + 32,767 inside a descriptor's entry (field 9 of Entry is unknown)
    const inEntry = Buffer.concat([Buffer.from('0a00', 'hex'), nestedTwice(unknownVarints(32_767))]);
    assert.equal(wireFormatProblem(schema, inEntry), 'more than 32768 fields');
    // a group's start, its 32,767 fields and its end
    const group = Buffer.concat([Buffer.from('4b', 'hex'), unknownVarints(32_767), Buffer.from('4c', 'hex')]);
    assert.equal(wireFormatProblem(schema, group), 'more than 32768 fields');
    assert.equal(
      wireFormatProblem(schema, group.subarray(0, group.length - 3)),
      'field 9: group 9 not ended before the end of the message',
    );
  });

  it('`0a 7f 61`: a string whose length runs past the message (protobufjs would read "a")', () => {
    assert.equal(sut('0a 7f 61'), 'domain: length 127 runs past the end of the message (1 byte left)');
  });

  it('a length that runs past the enclosing message, named by its path', () => {
    assert.equal(
      sut('12 05 0a 03'),
      'descriptors[0]: length 5 runs past the end of the message (2 bytes left)',
    );
    assert.equal(
      sut('12 02 0a 00  12 04 0a 05 0a 01'),
      'descriptors[1].entries[0]: length 5 runs past the end of the message (2 bytes left)',
    );
    assert.equal(sut('4a 05 61'), 'field 9: length 5 runs past the end of the message (1 byte left)');
  });

  it('truncated and over-long varints', () => {
    assert.equal(sut('18 ff'), 'hitsAddend: truncated varint at byte 1');
    assert.equal(sut('0a 01 61 98'), 'truncated varint at byte 3');
    assert.equal(sut('0a ff ff'), 'domain: truncated varint at byte 1');
    assert.equal(sut('18 ffffffffffffffffff 02'), 'hitsAddend: varint longer than 64 bits at byte 1');
    assert.equal(sut('18 ffffffffffffffffff 01'), undefined);
  });

  it('a known field with the wrong wire type', () => {
    assert.equal(
      sut('08 01'),
      'domain: wire type 0 (varint) where 2 (length-delimited) is expected, at byte 0',
    );
    assert.equal(
      sut('1d 01020304'),
      'hitsAddend: wire type 5 (32-bit) where 0 (varint) is expected, at byte 0',
    );
    assert.equal(
      sut('12 05 12 03 0a 01 01'),
      'descriptors[0].limit.requestsPerUnit: wire type 2 (length-delimited) where 0 (varint) is expected, at byte 4',
    );
  });

  it('invalid UTF-8 in the domain, a key and a value (Go rejects it; no U+FFFD spelling)', () => {
    assert.equal(sut('0a 01 ff'), 'domain: invalid UTF-8');
    assert.equal(sut('0a 02 c3 28'), 'domain: invalid UTF-8');
    // a sequence cut short, and a UTF-16 surrogate written as UTF-8
    assert.equal(sut('12 07 0a 05 0a 03 61 e2 82'), 'descriptors[0].entries[0].key: invalid UTF-8');
    assert.equal(sut('12 07 0a 05 0a 03 ed a0 80'), 'descriptors[0].entries[0].key: invalid UTF-8');
    assert.equal(sut('12 06 0a 04 12 02 61 80'), 'descriptors[0].entries[0].value: invalid UTF-8');
    assert.equal(sut('12 06 0a 04 12 02 c3 a9'), undefined);
  });

  it('invalid tags and groups', () => {
    assert.equal(sut('00'), 'invalid field number 0 at byte 0');
    assert.equal(sut('0e'), 'invalid wire type 6 at byte 0');
    assert.equal(sut('4c'), 'end of group 9 without its start at byte 0');
    assert.equal(sut('4b 08 01'), 'field 9: group 9 not ended before the end of the message');
    assert.equal(sut('4b 54'), 'field 9: end of group 10 where another group is open, at byte 1');
    assert.equal(sut('4b'.repeat(100_000)), 'field 9: groups nested deeper than 64');
    assert.equal(sut('4d 0102'), 'field 9: 4-byte value cut short at byte 1');
    assert.equal(sut('49 0102'), 'field 9: 8-byte value cut short at byte 1');
  });

  it('repeated numbers packed or not; a packed run cut short or of the wrong width', () => {
    const numbers = new Type('Numbers')
      .add(new Field('counts', 1, 'uint32', 'repeated'))
      .add(new Field('weights', 2, 'fixed32', 'repeated'));
    const check = (hex: string) =>
      wireFormatProblem(wireSchemaOf(numbers), Buffer.from(hex.replace(/ /g, ''), 'hex'));
    assert.equal(check('0a 03 01 96 01  08 05  12 08 01000000 02000000  15 03000000'), undefined);
    assert.equal(check('0a 02 01 96'), 'counts[0]: packed values: truncated varint at byte 3');
    assert.equal(check('12 03 010000'), 'weights[0]: packed values: 4-byte value cut short at byte 2');
  });
});

/** `content` as the one entry of the one descriptor: field 2 { field 1 { content } }. */
function nestedTwice(content: Buffer): Buffer {
  const entry = Buffer.concat([Buffer.from([0x0a]), varintBytes(content.length), content]);
  return Buffer.concat([Buffer.from([0x12]), varintBytes(entry.length), entry]);
}

function varintBytes(value: number): Buffer {
  const bytes: number[] = [];
  for (; value >= 0x80; value = Math.floor(value / 128)) bytes.push((value % 128) | 0x80);
  bytes.push(value);
  return Buffer.from(bytes);
}
