// /json reads the RateLimitRequest from the raw body bytes whatever the content type (curl -d
// sends application/x-www-form-urlencoded, Envoy's examples send none), so the JSON parse error
// can be reported precisely by parseJsonRequest. The bytes, not text: decoding them here would
// turn invalid UTF-8 into U+FFFD, and two different values would share one counter; jsonBodyText
// refuses it (400). The service's own reader (read-body.ts) rather than Fastify's, so an
// abandoned body is freed at once.
import { HttpException, HttpStatus } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import { readBody, type BodyRefusal } from '../../read-body';

export function acceptRawBodies(fastify: FastifyInstance, maxBodyBytes: number): void {
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', (_request, payload, done) =>
    readBody(payload, maxBodyBytes, (refusal, body) =>
      refusal === undefined ? done(null, body) : done(refusalException(refusal), undefined),
    ),
  );
}

/**
 * A refusal in the shape Fastify gives its own (`{ statusCode, message }`, with its messages). As
 * an HttpException it is answered and not logged as the service's error: a client's mistake, and
 * a flood of them would flood the log.
 */
export function refusalException(refusal: BodyRefusal): HttpException {
  const [statusCode, message] = REFUSALS[refusal];
  return new HttpException({ statusCode, message }, statusCode);
}

const REFUSALS: Record<BodyRefusal, readonly [number, string]> = {
  'too-large': [HttpStatus.PAYLOAD_TOO_LARGE, 'Request body is too large'],
  'wrong-length': [HttpStatus.BAD_REQUEST, 'Request body size did not match Content-Length'],
  // Answered to a client that is gone.
  ended: [HttpStatus.BAD_REQUEST, 'the request ended before its body did'],
};
