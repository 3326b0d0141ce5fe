import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { InvalidRequestError } from '../../errors';
import { jsonBodyText, parseJsonRequest } from './parse-json-request';

function rejects(body: string | undefined, message: string | RegExp): void {
  assert.throws(
    () => parseJsonRequest(body),
    (error: unknown) =>
      error instanceof InvalidRequestError &&
      (typeof message === 'string' ? error.message === message : message.test(error.message)),
  );
}
const parse = (value: unknown) => parseJsonRequest(JSON.stringify(value));

describe(parseJsonRequest.name, () => {
  describe('accepted proto3 JSON', () => {
    it('the example body of the reference README', () => {
      const body =
        '{"domain":"dummy","descriptors":[{"entries":[{"key":"one_per_day","value":"something"}]}]}';
      assert.deepEqual(parseJsonRequest(body), {
        domain: 'dummy',
        descriptors: [{ entries: [{ key: 'one_per_day', value: 'something' }] }],
        hitsAddend: 0,
      });
    });

    it('lowerCamelCase and snake_case names alike', () => {
      const camel = parse({
        domain: 'd',
        hitsAddend: 2,
        descriptors: [{ entries: [], hitsAddend: 1, limit: { requestsPerUnit: 5, unit: 'SECOND' } }],
      });
      const snake = parse({
        domain: 'd',
        hits_addend: 2,
        descriptors: [{ entries: [], hits_addend: 1, limit: { requests_per_unit: 5, unit: 'SECOND' } }],
      });
      assert.deepEqual(snake, camel);
      assert.deepEqual(camel.descriptors[0], {
        entries: [],
        limit: { requestsPerUnit: 5, unit: 'SECOND' },
        hitsAddend: 1,
      });
      assert.equal(camel.hitsAddend, 2);
    });

    it('enum names or numbers for the override unit', () => {
      const request = parse({
        domain: 'd',
        descriptors: ['MINUTE', 2, 'YEAR', 6].map((unit) => ({ limit: { requestsPerUnit: 1, unit } })),
      });
      assert.deepEqual(
        request.descriptors.map((d) => d.limit?.unit),
        ['MINUTE', 'MINUTE', 'YEAR', 'YEAR'],
      );
    });

    it('an unknown unit number or UNKNOWN is left for the service to reject', () => {
      const request = parse({
        domain: 'd',
        descriptors: [{ limit: { unit: 9 } }, { limit: { unit: 'UNKNOWN' } }, { limit: {} }],
      });
      assert.deepEqual(
        request.descriptors.map((d) => d.limit),
        [0, 1, 2].map(() => ({ requestsPerUnit: 0, unit: 'UNKNOWN' })),
      );
    });

    it('integers as JSON numbers or decimal strings (also 1.0 and 1e2 forms)', () => {
      const request = parse({
        domain: 'd',
        hitsAddend: '4294967295',
        descriptors: [
          { hitsAddend: '4294967295', limit: { requestsPerUnit: '1e2', unit: 'HOUR' } },
          { hitsAddend: 7 },
        ],
      });
      assert.equal(request.hitsAddend, 4294967295);
      assert.equal(request.descriptors[0].hitsAddend, 4294967295);
      assert.equal(request.descriptors[0].limit?.requestsPerUnit, 100);
      assert.equal(request.descriptors[1].hitsAddend, 7);
      assert.equal(parse({ hitsAddend: 3.0 }).hitsAddend, 3);
      assert.equal(parse({ hitsAddend: '3.0' }).hitsAddend, 3);
    });

    it('null means unset, for scalars, lists and messages', () => {
      const request = parse({
        domain: null,
        hitsAddend: null,
        descriptors: [{ entries: null, limit: null, hitsAddend: null }],
      });
      assert.deepEqual(request, { domain: '', descriptors: [{ entries: [] }], hitsAddend: 0 });
      assert.deepEqual(parse({ descriptors: null }).descriptors, []);
      assert.deepEqual(
        parse({ descriptors: [{ entries: [{ key: null, value: null }] }] }).descriptors[0].entries,
        [{ key: '', value: '' }],
      );
    });

    it('a per-descriptor hitsAddend of 0 is kept (set wrapper); an empty object is an empty request', () => {
      assert.equal(parse({ descriptors: [{ hitsAddend: 0 }] }).descriptors[0].hitsAddend, 0);
      assert.deepEqual(parse({}), { domain: '', descriptors: [], hitsAddend: 0 });
    });
  });

  describe('rejected bodies (HTTP 400) with the JSON path in the message', () => {
    it('empty body', () => {
      rejects(undefined, 'invalid request body: the request body is empty');
      rejects('', 'invalid request body: the request body is empty');
      rejects('  \n', 'invalid request body: the request body is empty');
    });

    it('invalid JSON', () => {
      rejects('{"domain":', /^invalid request body: the body is not valid JSON: /);
      rejects("{'domain':'x'}", /^invalid request body: the body is not valid JSON: /);
    });

    it('a body that is not an object', () => {
      rejects('[]', 'invalid request body: the body: expected a JSON object, got an array');
      rejects('"x"', 'invalid request body: the body: expected a JSON object, got the string "x"');
      rejects('null', 'invalid request body: the body: expected a JSON object, got null');
    });

    it('unknown fields are rejected at every level', () => {
      rejects('{"domain":"d","foo":1}', 'invalid request body: foo: unknown field "foo"');
      rejects(
        '{"descriptors":[{"entries":[{"key":"k","val":"v"}]}]}',
        'invalid request body: descriptors[0].entries[0].val: unknown field "val"',
      );
      rejects(
        '{"descriptors":[{"limit":{"unit":"SECOND","requestsPerSecond":1}}]}',
        'invalid request body: descriptors[0].limit.requestsPerSecond: unknown field "requestsPerSecond"',
      );
      rejects('{"Domain":"d"}', 'invalid request body: Domain: unknown field "Domain"');
    });

    it('the same field under both names is rejected (also when one of them is null)', () => {
      rejects(
        '{"hitsAddend":1,"hits_addend":2}',
        'invalid request body: hits_addend: the field is given twice (as hitsAddend and hits_addend)',
      );
      rejects(
        '{"descriptors":[{"hits_addend":null,"hitsAddend":2}]}',
        'invalid request body: descriptors[0].hitsAddend: the field is given twice (as hitsAddend and hits_addend)',
      );
    });

    it('wrong types', () => {
      rejects('{"domain":5}', 'invalid request body: domain: expected a string, got the number 5');
      rejects(
        '{"descriptors":{}}',
        'invalid request body: descriptors: expected a JSON array, got an object',
      );
      rejects(
        '{"descriptors":[[]]}',
        'invalid request body: descriptors[0]: expected a JSON object, got an array',
      );
      rejects(
        '{"descriptors":[{"entries":[{"key":true}]}]}',
        'invalid request body: descriptors[0].entries[0].key: expected a string, got a boolean',
      );
      rejects(
        '{"hitsAddend":true}',
        'invalid request body: hitsAddend: expected an integer from 0 to 4294967295, got a boolean',
      );
    });

    it('negative, fractional and too large integers', () => {
      rejects(
        '{"hitsAddend":-1}',
        'invalid request body: hitsAddend: expected an integer from 0 to 4294967295, got the number -1',
      );
      rejects(
        '{"hitsAddend":1.5}',
        'invalid request body: hitsAddend: expected an integer from 0 to 4294967295, got the number 1.5',
      );
      rejects(
        '{"hitsAddend":4294967296}',
        'invalid request body: hitsAddend: expected an integer from 0 to 4294967295, got the number 4294967296',
      );
      rejects(
        '{"hitsAddend":"12a"}',
        'invalid request body: hitsAddend: expected an integer from 0 to 4294967295, got the string "12a"',
      );
      rejects(
        '{"descriptors":[{"limit":{"requestsPerUnit":-5,"unit":"SECOND"}}]}',
        'invalid request body: descriptors[0].limit.requestsPerUnit: expected an integer from 0 to 4294967295, got the number -5',
      );
      rejects(
        '{"descriptors":[{"hitsAddend":-1}]}',
        'invalid request body: descriptors[0].hitsAddend: expected an integer from 0 to 4294967295, got the number -1',
      );
      rejects(
        '{"descriptors":[{"hitsAddend":"18446744073709551616"}]}',
        'invalid request body: descriptors[0].hitsAddend: expected an integer from 0 to 4294967295, got the string "18446744073709551616"',
      );
      rejects(
        '{"descriptors":[{"hitsAddend":4294967296}]}',
        'invalid request body: descriptors[0].hitsAddend: expected an integer from 0 to 4294967295, got the number 4294967296',
      );
      rejects(
        '{"descriptors":[{"hitsAddend":9007199254740991}]}',
        'invalid request body: descriptors[0].hitsAddend: expected an integer from 0 to 4294967295, got the number 9007199254740991',
      );
      rejects(
        '{"descriptors":[{"hitsAddend":0.5}]}',
        'invalid request body: descriptors[0].hitsAddend: expected an integer from 0 to 4294967295, got the number 0.5',
      );
      rejects(
        '{"descriptors":[{"hitsAddend":{"value":3}}]}',
        'invalid request body: descriptors[0].hitsAddend: expected an integer from 0 to 4294967295, got an object',
      );
    });

    it('override units: unknown names and negative numbers', () => {
      rejects(
        '{"descriptors":[{"limit":{"unit":"FORTNIGHT"}}]}',
        'invalid request body: descriptors[0].limit.unit: unknown unit "FORTNIGHT"; use SECOND, MINUTE, HOUR, DAY, WEEK, MONTH or YEAR',
      );
      rejects(
        '{"descriptors":[{"limit":{"unit":"minute"}}]}',
        'invalid request body: descriptors[0].limit.unit: unknown unit "minute"; use SECOND, MINUTE, HOUR, DAY, WEEK, MONTH or YEAR',
      );
      rejects(
        '{"descriptors":[{"limit":{"unit":-1}}]}',
        'invalid request body: descriptors[0].limit.unit: expected an integer from 0 to 2147483647, got the number -1',
      );
    });

    it('nested deeper than 32 levels: refused before JSON.parse reads it; brackets in strings do not count', () => {
      const nested = (depth: number) => `{"domain":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;
      rejects(nested(33), 'invalid request body: the body is nested deeper than 32 levels');
      rejects(nested(32), 'invalid request body: domain: expected a string, got an array');
      rejects(nested(500_000), 'invalid request body: the body is nested deeper than 32 levels');
      const value = '[{\\"['.repeat(40);
      const body = JSON.stringify({ domain: 'd', descriptors: [{ entries: [{ key: 'k', value }] }] });
      assert.equal(parseJsonRequest(body).descriptors[0]?.entries[0]?.value, value);
    });

    it('over 1,000 descriptors or 4,096 entries: refused by their counts, before the rest is read', () => {
      const descriptors = Array.from({ length: 1001 }, () => ({ entries: [{ key: 'k', value: 'v' }] }));
      rejects(
        JSON.stringify({ domain: 'd', descriptors }),
        'rate limit request has more than 1000 descriptors',
      );
      // counted before anything is read: the bad unit of descriptor 0 is not what is reported
      const entries = Array.from({ length: 4097 }, () => ({ key: 'k', value: 'v' }));
      rejects(
        JSON.stringify({ domain: 'd', descriptors: [{ entries, limit: { unit: 'FORTNIGHT' } }] }),
        'rate limit request has more than 4096 descriptor entries',
      );
      assert.equal(parse({ domain: 'd', descriptors: descriptors.slice(1) }).descriptors.length, 1000);
    });

    it('long strings are shortened in the message', () => {
      rejects(
        `{"hitsAddend":"${'x'.repeat(50)}"}`,
        `invalid request body: hitsAddend: expected an integer from 0 to 4294967295, got the string "${'x'.repeat(40)}..."`,
      );
    });
  });
});

describe(jsonBodyText.name, () => {
  it('the text of UTF-8 bytes; no body stays undefined', () => {
    assert.equal(jsonBodyText(Buffer.from('{"domain":"dömain €"}')), '{"domain":"dömain €"}');
    assert.equal(jsonBodyText(undefined), undefined);
  });

  it('invalid UTF-8 is refused (400), never read as U+FFFD', () => {
    const ffInValue = Buffer.concat([Buffer.from('{"domain":"a'), Buffer.from([0xff]), Buffer.from('"}')]);
    for (const body of [ffInValue, Buffer.from([0x7b, 0xc3, 0x28, 0x7d]), Buffer.from([0xed, 0xa0, 0x80])]) {
      assert.throws(
        () => jsonBodyText(body),
        (error: unknown) =>
          error instanceof InvalidRequestError &&
          error.message === 'invalid request body: the body is not valid UTF-8',
      );
    }
  });
});
