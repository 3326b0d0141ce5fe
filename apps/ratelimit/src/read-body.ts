// The one body reader of every HTTP listener: the main listener's /json (through Fastify,
// transport/http/accept-raw-bodies.ts) and the console's POST routes (http-listener.ts).
//
// A body that never ends (its connection replaced under HTTP_MAX_CONNECTIONS, cut by
// HTTP_REQUEST_TIMEOUT, or closed by the client) gives its memory back the moment it is abandoned.
// Each chunk Node's HTTP parser hands over is a copy that owns its whole ArrayBuffer; left to the
// garbage collector, the chunks of hundreds of abandoned bodies wait for V8's next full
// collection, so a connection flood could hold far more than the connections within the cap may
// (docs/failure-behaviour.md#connection-floods-http_max_connections).
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';

/** A request as the body reader needs it (Node's IncomingMessage is one). */
export type BodyStream = Readable & { readonly headers: IncomingHttpHeaders };

/**
 * Why a body was not read: past the cap (judged by Content-Length before reading when it is
 * declared), not the bytes Content-Length declared, or its request ended first.
 */
export type BodyRefusal = 'too-large' | 'wrong-length' | 'ended';

export type BodyAnswer = (refusal: BodyRefusal | undefined, body?: Buffer) => void;

/** Reads the whole body of `payload` (at most `maxBytes`) and answers once. */
export function readBody(payload: BodyStream, maxBytes: number, answer: BodyAnswer): void {
  const declared = Number(payload.headers['content-length']);
  if (declared > maxBytes) return answer('too-large');
  const chunks: Buffer[] = [];
  let received = 0;
  let settled = false;
  const settle = (refusal: BodyRefusal | undefined) => {
    if (settled) return;
    settled = true;
    payload.removeListener('data', onData);
    if (refusal !== undefined) {
      releaseChunks(chunks);
      return answer(refusal);
    }
    answer(undefined, Buffer.concat(chunks, received));
  };
  const onData = (chunk: Buffer) => {
    received += chunk.length;
    chunks.push(chunk);
    if (received > maxBytes) settle('too-large');
  };
  payload.on('data', onData);
  payload.once('end', () =>
    settle(!Number.isNaN(declared) && received !== declared ? 'wrong-length' : undefined),
  );
  // An aborted request emits 'error' (ECONNRESET) then 'close'; 'close' alone covers a socket
  // destroyed by the server (replaced or timed out).
  payload.once('error', () => settle('ended'));
  payload.once('close', () => settle('ended'));
  payload.resume();
}

/** ArrayBuffer.prototype.transfer (ES2024, Node 21 on): with length 0 it detaches, freeing the memory. */
type Transferable = ArrayBuffer & { transfer(newByteLength: number): ArrayBuffer };

/**
 * Frees the chunks of a body that will never be used, now instead of at V8's next full
 * collection. Only a chunk that is the sole view of its ArrayBuffer is detached (Node's HTTP
 * parser makes each body chunk so); anything sharing memory is left to the collector.
 */
function releaseChunks(chunks: Buffer[]): void {
  for (const chunk of chunks) {
    const owner = chunk.buffer as Transferable;
    if (chunk.byteOffset === 0 && chunk.byteLength === owner.byteLength && owner instanceof ArrayBuffer) {
      owner.transfer(0);
    }
  }
  chunks.length = 0;
}
