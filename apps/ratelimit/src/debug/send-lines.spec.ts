import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { waitFor } from '@repo/test-support';
import { LINES_PER_PIECE, sendLines } from './send-lines';

describe(sendLines.name, () => {
  let server: Server;
  let turnsWhileSending: number[] = [];
  const lineCount = 2 * LINES_PER_PIECE + 10;

  function* lines() {
    for (let n = 0; n < lineCount; n += 1) yield `line ${n}\n`;
  }

  before(async () => {
    server = createServer((_request, response) => {
      // counts the event loop's turns while the answer is made
      let turns = 0;
      const tick = () => {
        turns += 1;
        if (!response.writableEnded) setImmediate(tick);
      };
      setImmediate(tick);
      void sendLines(response, lines()).then(() => turnsWhileSending.push(turns));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  after(() => server.close());

  it('sends every line in order, LINES_PER_PIECE per turn of the event loop', async () => {
    turnsWhileSending = [];
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'text/plain; charset=utf-8');
    const text = await response.text();
    assert.equal(text, Array.from({ length: lineCount }, (_, n) => `line ${n}\n`).join(''));
    // three pieces: the other work of the loop ran between them
    assert.ok(turnsWhileSending[0]! >= 2, `${turnsWhileSending[0]} turns`);
  });

  it('answers an empty text for no lines', async () => {
    const empty = createServer((_request, response) => void sendLines(response, []));
    await new Promise<void>((resolve) => empty.listen(0, '127.0.0.1', resolve));
    try {
      const response = await fetch(`http://127.0.0.1:${(empty.address() as AddressInfo).port}/`);
      assert.equal(await response.text(), '');
    } finally {
      empty.close();
    }
  });

  it('ends when a client that stopped reading goes away (a closed socket never drains)', async () => {
    let ended: Promise<void> | undefined;
    const many = function* () {
      for (let n = 0; ; n += 1) yield `a line long enough to fill a socket's buffer soon: ${n}\n`;
    };
    const stalled = createServer((_request, response) => void (ended = sendLines(response, many())));
    await new Promise<void>((resolve) => stalled.listen(0, '127.0.0.1', resolve));
    try {
      const socket = connect((stalled.address() as AddressInfo).port, '127.0.0.1');
      socket.write('GET / HTTP/1.1\r\nhost: localhost\r\n\r\n');
      socket.pause(); // reads nothing: the server's writes back up
      await waitFor(async () => ended !== undefined, { timeoutMs: 5000, description: 'the answer to start' });
      await sleep(200);
      socket.destroy();
      const state = await Promise.race([ended!.then(() => 'ended'), sleep(5000).then(() => 'waiting')]);
      assert.equal(state, 'ended');
    } finally {
      stalled.close();
    }
  });
});
