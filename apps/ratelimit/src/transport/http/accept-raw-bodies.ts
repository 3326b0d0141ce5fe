// /json reads the RateLimitRequest from the raw body bytes whatever the content type (curl -d
// sends application/x-www-form-urlencoded, Envoy's examples send none), so the JSON parse error
// can be reported precisely by parseJsonRequest. The bytes, not text: decoding them here would
// turn invalid UTF-8 into U+FFFD, and two different values would share one counter; jsonBodyText
// refuses it (400).
//
// The body is read here rather than by Fastify's `parseAs: 'buffer'` for one reason: a body that
// never ends (its connection replaced under HTTP_MAX_CONNECTIONS, cut by HTTP_REQUEST_TIMEOUT, or
// closed by the client) gives its memory back at once. Each chunk Node's HTTP parser hands over is
// a copy that owns its whole ArrayBuffer; left to the garbage collector, the chunks of hundreds of
// abandoned bodies wait for V8's next full collection, so a connection flood could hold far more
// than the connections within the cap may (docs/failure-behaviour.md#connection-floods-http_max_connections).
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { HttpException, HttpStatus } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';

export function acceptRawBodies(fastify: FastifyInstance, maxBodyBytes: number): void {
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', (_request, payload, done) =>
    readBody(payload, maxBodyBytes, (error, body) => done(error, body)),
  );
}

/** A request as the body reader needs it (Node's IncomingMessage is one). */
export type BodyStream = Readable & { readonly headers: IncomingHttpHeaders };

export type BodyCallback = (error: HttpException | null, body?: Buffer) => void;

/**
 * The whole body, or a refusal in the shape Fastify gives its own (`{ statusCode, message }`):
 * 413 past `maxBodyBytes` (judged by Content-Length before reading when it is declared), 400 when
 * the bytes received are not the bytes declared or the body never ends. Refusals are client
 * errors: answered, never logged as the service's errors (a flood of them would flood the log).
 */
export function readBody(payload: BodyStream, maxBodyBytes: number, answer: BodyCallback): void {
  const declared = Number(payload.headers['content-length']);
  if (declared > maxBodyBytes) return answer(refusal(HttpStatus.PAYLOAD_TOO_LARGE, TOO_LARGE));
  const chunks: Buffer[] = [];
  let received = 0;
  let settled = false;
  const settle = (error: HttpException | null, body?: Buffer) => {
    if (settled) return;
    settled = true;
    payload.removeListener('data', onData);
    if (error !== null) releaseChunks(chunks);
    answer(error, body);
  };
  const onData = (chunk: Buffer) => {
    received += chunk.length;
    chunks.push(chunk);
    if (received > maxBodyBytes) settle(refusal(HttpStatus.PAYLOAD_TOO_LARGE, TOO_LARGE));
  };
  payload.on('data', onData);
  payload.once('end', () =>
    !Number.isNaN(declared) && received !== declared
      ? settle(refusal(HttpStatus.BAD_REQUEST, WRONG_LENGTH))
      : settle(null, Buffer.concat(chunks, received)),
  );
  // An aborted request emits 'error' (ECONNRESET) then 'close'; 'close' alone covers a socket
  // destroyed by the server (replaced or timed out).
  payload.once('error', () => settle(refusal(HttpStatus.BAD_REQUEST, ABORTED)));
  payload.once('close', () => settle(refusal(HttpStatus.BAD_REQUEST, ABORTED)));
  payload.resume();
}

const TOO_LARGE = 'Request body is too large';
const WRONG_LENGTH = 'Request body size did not match Content-Length';
const ABORTED = 'the request ended before its body did';

function refusal(statusCode: number, message: string): HttpException {
  return new HttpException({ statusCode, message }, statusCode);
}

/**
 * Frees the chunks of a body that will never be used, now instead of at V8's next full
 * collection. Only a chunk that is the sole view of its ArrayBuffer is detached (Node's HTTP
 * parser makes each body chunk so); anything sharing memory is left to the collector.
 */
/** ArrayBuffer.prototype.transfer (ES2024, Node 21 on): with length 0 it detaches, freeing the memory. */
type Transferable = ArrayBuffer & { transfer(newByteLength: number): ArrayBuffer };

function releaseChunks(chunks: Buffer[]): void {
  for (const chunk of chunks) {
    const owner = chunk.buffer as Transferable;
    if (chunk.byteOffset === 0 && chunk.byteLength === owner.byteLength && owner instanceof ArrayBuffer) {
      owner.transfer(0);
    }
  }
  chunks.length = 0;
}
