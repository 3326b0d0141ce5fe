import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MemcacheReplyError, parseGetReply, parseIncrReply, parseStoreReply } from './memcache-responses';

const bytes = (text: string) => Buffer.from(text, 'utf8');

describe(parseGetReply.name, () => {
  it('reads every VALUE up to END, from the given offset', () => {
    const reply = bytes('xxVALUE a 0 1\r\n5\r\nVALUE b 0 2\r\n12\r\nEND\r\nrest');
    assert.deepEqual(parseGetReply(reply, 2), {
      value: new Map([
        ['a', '5'],
        ['b', '12'],
      ]),
      end: reply.length - 4,
    });
  });

  it('waits for the rest of an incomplete reply', () => {
    assert.equal(parseGetReply(bytes('VALUE a 0 2\r\n1'), 0), undefined);
    assert.equal(parseGetReply(bytes('VALUE a 0 1\r\n1\r\n'), 0), undefined);
  });

  it('counts data bytes, not characters', () => {
    const reply = bytes('VALUE k 0 2\r\né\r\nEND\r\n');
    assert.equal(parseGetReply(reply, 0)?.value.get('k'), 'é');
  });

  it('rejects an error reply', () => {
    assert.throws(() => parseGetReply(bytes('CLIENT_ERROR bad command line format\r\n'), 0), {
      name: MemcacheReplyError.name,
      message: 'memcached answered "CLIENT_ERROR bad command line format" to get',
    });
  });
});

describe(parseIncrReply.name, () => {
  it('reads the new value or NOT_FOUND', () => {
    assert.deepEqual(parseIncrReply(bytes('42\r\n'), 0), { value: 42, end: 4 });
    assert.deepEqual(parseIncrReply(bytes('NOT_FOUND\r\n'), 0), { value: undefined, end: 11 });
    assert.equal(parseIncrReply(bytes('4'), 0), undefined);
    assert.throws(() => parseIncrReply(bytes('SERVER_ERROR out of memory\r\n'), 0), MemcacheReplyError);
  });
});

describe(parseStoreReply.name, () => {
  it('reads STORED and NOT_STORED', () => {
    assert.deepEqual(parseStoreReply(bytes('STORED\r\n'), 0), { value: true, end: 8 });
    assert.deepEqual(parseStoreReply(bytes('NOT_STORED\r\n'), 0), { value: false, end: 12 });
    assert.throws(() => parseStoreReply(bytes('ERROR\r\n'), 0), /memcached answered "ERROR" to add/);
  });
});
