import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { describe, it } from 'node:test';
import type { HttpException } from '@nestjs/common';
import { readBody, type BodyStream } from './accept-raw-bodies';

const LIMIT = 64 * 1024;

/** A request stream the test writes the body into. */
function request(headers: Record<string, string>): PassThrough & BodyStream {
  return Object.assign(new PassThrough(), { headers });
}

/** What readBody answered: the body, or the refusal's status and response. */
function answerOf(stream: BodyStream, limit = LIMIT) {
  return new Promise<{ body?: Buffer; status?: number; response?: unknown }>((resolve) =>
    readBody(stream, limit, (error: HttpException | null, body?: Buffer) =>
      resolve(error === null ? { body } : { status: error.getStatus(), response: error.getResponse() }),
    ),
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

  it('refuses a declared length past the limit with 413 before reading a byte', async () => {
    const stream = request({ 'content-length': String(LIMIT + 1) });
    assert.deepEqual(await answerOf(stream), {
      status: 413,
      response: { statusCode: 413, message: 'Request body is too large' },
    });
    assert.equal(stream.listenerCount('data'), 0);
  });

  it('refuses an undeclared (chunked) body with 413 once it passes the limit', async () => {
    const stream = request({ 'transfer-encoding': 'chunked' });
    const answer = answerOf(stream);
    stream.write(Buffer.alloc(LIMIT));
    stream.write(Buffer.alloc(1));
    assert.equal((await answer).status, 413);
  });

  it('refuses a body shorter than its Content-Length with 400', async () => {
    const stream = request({ 'content-length': '10' });
    const answer = answerOf(stream);
    stream.end(Buffer.from('{}'));
    assert.deepEqual(await answer, {
      status: 400,
      response: { statusCode: 400, message: 'Request body size did not match Content-Length' },
    });
  });

  it('frees the chunks of a body that never ends at once (its connection closed)', async () => {
    const stream = request({ 'content-length': String(LIMIT) });
    const answer = answerOf(stream);
    const owned = [Buffer.alloc(16 * 1024, 1), Buffer.alloc(16 * 1024, 2)];
    const shared = Buffer.alloc(32 * 1024, 3);
    const view = shared.subarray(0, 8 * 1024);
    [...owned, view].forEach((chunk) => stream.write(chunk));
    stream.destroy();
    assert.deepEqual(await answer, {
      status: 400,
      response: { statusCode: 400, message: 'the request ended before its body did' },
    });
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
