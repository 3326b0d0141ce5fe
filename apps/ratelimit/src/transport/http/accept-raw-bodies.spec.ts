import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { refusalException } from './accept-raw-bodies';

describe(refusalException.name, () => {
  it("answers each refusal with Fastify's status and message", () => {
    const answers = (['too-large', 'wrong-length', 'ended'] as const).map((refusal) => {
      const exception = refusalException(refusal);
      return [exception.getStatus(), exception.getResponse()];
    });
    assert.deepEqual(answers, [
      [413, { statusCode: 413, message: 'Request body is too large' }],
      [400, { statusCode: 400, message: 'Request body size did not match Content-Length' }],
      [400, { statusCode: 400, message: 'the request ended before its body did' }],
    ]);
  });
});
