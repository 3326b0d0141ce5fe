// A text answer made of many lines (the `/rlconfig` dump of a large rules file: 120,000 lines),
// sent LINES_PER_PIECE at a time: each piece is made and written in one turn of the event loop,
// and the calls that arrived meanwhile are served before the next. Made in one piece, a 10 MB
// file's dump held the loop 56-66 ms per request (docs/service.md, "Debug listener").
import type { ServerResponse } from 'node:http';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { takePiece } from '@repo/rules';
import { TEXT } from '../http-listener';

/** Lines per piece: a millisecond or two of the serving thread's time. */
export const LINES_PER_PIECE = 2000;

/** 200 with `lines` as text/plain; stops when the client goes away. */
export async function sendLines(response: ServerResponse, lines: Iterable<string>): Promise<void> {
  response.writeHead(200, { 'content-type': TEXT });
  const iterator = lines[Symbol.iterator]();
  for (;;) {
    const { items, done } = takePiece(iterator, LINES_PER_PIECE);
    // what the client has not read yet waits in its socket's buffer, not in ours
    if (!response.write(items.join(''))) await drainedOrGone(response);
    if (done) return void response.end();
    await nextTurn();
    if (response.destroyed) return;
  }
}

/** Until the client has read what waits, or has gone (a closed socket never drains). */
function drainedOrGone(response: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const settle = () => {
      response.off('drain', settle);
      response.off('close', settle);
      resolve();
    };
    response.on('drain', settle);
    response.on('close', settle);
  });
}
