import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { describe, it } from 'node:test';
import { readBody, type BodyRefusal, type BodyStream } from './read-body';

const LIMIT = 64 * 1024;

/** A request stream the test writes the body into. */
function request(headers: Record<string, string>): PassThrough & BodyStream {
  return Object.assign(new PassThrough(), { headers });
}

/** What readBody answered: the body, or why not. */
function answerOf(stream: BodyStream, limit = LIMIT) {
  return new Promise<{ body?: Buffer; refusal?: BodyRefusal }>((resolve) =>
    readBody(stream, limit, (refusal, body) => resolve(refusal === undefined ? { body } : { refusal })),
  );
}

describe(readBody.name, () => {
  it('gives the bytes as sent, invalid UTF-8 included', async () => {
    const stream = request({ 'content-length': '5' });
    const answer = answerOf(stream);
    stream.write(Buffer.from([0x7b, 0xff]));
    stream.end(Buffer.from([0xfe, 0x20, 0x7d]));
    assert.deepEqual((await answer).body, Buffer.from([0x7b, 0xff, 0xfe, 0x20, 0x7d]));
  });

  it('refuses a declared length past the limit before reading a byte', async () => {
    const stream = request({ 'content-length': String(LIMIT + 1) });
    assert.deepEqual(await answerOf(stream), { refusal: 'too-large' });
    assert.equal(stream.listenerCount('data'), 0);
  });

  it('refuses an undeclared (chunked) body once it passes the limit', async () => {
    const stream = request({ 'transfer-encoding': 'chunked' });
    const answer = answerOf(stream);
    stream.write(Buffer.alloc(LIMIT));
    stream.write(Buffer.alloc(1));
    assert.deepEqual(await answer, { refusal: 'too-large' });
  });

  it('refuses a body shorter than its Content-Length', async () => {
    const stream = request({ 'content-length': '10' });
    const answer = answerOf(stream);
    stream.end(Buffer.from('{}'));
    assert.deepEqual(await answer, { refusal: 'wrong-length' });
  });

  it('frees the chunks of a body that never ends at once (its connection closed)', async () => {
    const stream = request({ 'content-length': String(LIMIT) });
    const answer = answerOf(stream);
    const owned = [Buffer.alloc(16 * 1024, 1), Buffer.alloc(16 * 1024, 2)];
    const shared = Buffer.alloc(32 * 1024, 3);
    const view = shared.subarray(0, 8 * 1024);
    [...owned, view].forEach((chunk) => stream.write(chunk));
    stream.destroy();
    assert.deepEqual(await answer, { refusal: 'ended' });
    // A chunk that owns its memory is detached (its length drops to 0); a view of memory
    // shared with others is left alone.
    assert.deepEqual(
      owned.map((chunk) => chunk.buffer.byteLength),
      [0, 0],
    );
    assert.equal(shared.buffer.byteLength, 32 * 1024);
    assert.equal(shared[0], 3);
  });

  it('answers once when the stream errors and then closes', async () => {
    const stream = request({ 'content-length': '100' });
    let answers = 0;
    readBody(stream, LIMIT, () => answers++);
    stream.write(Buffer.from('{"domain"'));
    stream.destroy(new Error('aborted'));
    await new Promise((resolve) => stream.once('close', resolve));
    assert.equal(answers, 1);
  });
});
