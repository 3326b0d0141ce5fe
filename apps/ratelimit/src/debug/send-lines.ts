// A text answer made of many lines (the `/rlconfig` dump of a large rules file: 120,000 lines),
// sent LINES_PER_PIECE at a time: each piece is made and written in one turn of the event loop,
// and the calls that arrived meanwhile are served before the next. Made in one piece, a 10 MB
// file's dump held the loop 56-66 ms per request (docs/service.md, "Debug listener").
import { once } from 'node:events';
import type { ServerResponse } from 'node:http';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { TEXT } from '../http-listener';

/** Lines per piece: a millisecond or two of the serving thread's time. */
export const LINES_PER_PIECE = 2000;

/** 200 with `lines` as text/plain; stops when the client goes away. */
export async function sendLines(response: ServerResponse, lines: Iterable<string>): Promise<void> {
  response.writeHead(200, { 'content-type': TEXT });
  const iterator = lines[Symbol.iterator]();
  for (let next = iterator.next(); !next.done; await nextTurn()) {
    if (response.destroyed) return;
    let piece = '';
    for (let count = 0; !next.done && count < LINES_PER_PIECE; count += 1, next = iterator.next())
      piece += next.value;
    // what the client has not read yet waits in its socket's buffer, not in ours
    if (!response.write(piece)) await once(response, 'drain').catch(() => undefined);
  }
  response.end();
}
