// /json reads the RateLimitRequest from the raw body text whatever the content type (curl -d
// sends application/x-www-form-urlencoded, Envoy's examples send none), so the JSON parse error
// can be reported precisely by parseJsonRequest. The bytes, not text: decoding them here would
// turn invalid UTF-8 into U+FFFD, and two different values would share one counter; jsonBodyText
// refuses it (400). Fastify still enforces bodyLimit (413).
import type { FastifyInstance } from 'fastify';

export function acceptRawBodies(fastify: FastifyInstance): void {
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
}
