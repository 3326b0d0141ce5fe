import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { jsonToStruct } from './json-to-struct';

describe(jsonToStruct.name, () => {
  it('maps every JSON kind to its google.protobuf.Value member', () => {
    assert.deepEqual(jsonToStruct({ s: 'x', n: 1.5, b: false, z: null }), {
      fields: {
        s: { stringValue: 'x' },
        n: { numberValue: 1.5 },
        b: { boolValue: false },
        z: { nullValue: 0 },
      },
    });
  });

  it('nests lists and structs (the dynamic metadata shape)', () => {
    assert.deepEqual(jsonToStruct({ domain: 'rl', descriptors: [{ entries: ['k=v'], hitsAddend: 0 }] }), {
      fields: {
        domain: { stringValue: 'rl' },
        descriptors: {
          listValue: {
            values: [
              {
                structValue: {
                  fields: {
                    entries: { listValue: { values: [{ stringValue: 'k=v' }] } },
                    hitsAddend: { numberValue: 0 },
                  },
                },
              },
            ],
          },
        },
      },
    });
  });

  it('undefined becomes null; an empty object an empty Struct', () => {
    assert.deepEqual(jsonToStruct({ u: undefined, e: {} }), {
      fields: { u: { nullValue: 0 }, e: { structValue: { fields: {} } } },
    });
  });
});
