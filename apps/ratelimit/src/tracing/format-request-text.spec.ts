import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { formatRequestText } from './format-request-text';

describe(formatRequestText.name, () => {
  it('prints the request in compact protobuf text format, zero values omitted', () => {
    assert.equal(
      formatRequestText({
        domain: 'rl',
        descriptors: [
          { entries: [{ key: 'user', value: 'alice' }] },
          {
            entries: [{ key: 'path', value: '' }],
            limit: { requestsPerUnit: 5, unit: 'MINUTE' },
            hitsAddend: 0,
          },
        ],
        hitsAddend: 2,
      }),
      'domain:"rl" descriptors:{entries:{key:"user" value:"alice"}} ' +
        'descriptors:{entries:{key:"path"} limit:{requests_per_unit:5 unit:MINUTE} hits_addend:{value:0}} hits_addend:2',
    );
  });
});
