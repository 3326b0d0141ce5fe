import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { OpenConnections } from './open-connections';

type FakeSocket = Socket & { isDestroyed: boolean };

/** A fake socket: destroy() closes it, as a real one does. */
function socket(): FakeSocket {
  const fake = Object.assign(new EventEmitter(), { isDestroyed: false, destroy: () => fake });
  fake.destroy = () => {
    fake.isDestroyed = true;
    fake.emit('close');
    return fake;
  };
  return fake as unknown as FakeSocket;
}

/** A request on `on`: `complete` when all of it has arrived, `finished` once answered. */
function request(sut: OpenConnections, on: Socket, complete: boolean, finished: boolean) {
  const message = { socket: on, complete } as IncomingMessage;
  const response = { writableFinished: finished } as ServerResponse;
  sut.requestStarted(message, response);
  return response;
}

/** An OpenConnections whose trims run when the test says, counting the connections closed. */
function connections(max: number) {
  const tasks: (() => void)[] = [];
  const counts = { closed: 0, scheduled: 0 };
  const sut = new OpenConnections(
    max,
    () => counts.closed++,
    (task) => {
      counts.scheduled++;
      tasks.push(task);
    },
  );
  const runTrim = () => tasks.splice(0).forEach((task) => task());
  return { sut, counts, runTrim };
}

const destroyed = (...sockets: FakeSocket[]) => sockets.map((s) => s.isDestroyed);

describe(OpenConnections.name, () => {
  it('takes up to the cap; past it, once trimmed, closes those open longest without a request', () => {
    const { sut, counts, runTrim } = connections(2);
    const [a, b, c, d] = [socket(), socket(), socket(), socket()];
    [a, b].forEach((s) => sut.admit(s));
    assert.equal(counts.scheduled, 0);
    [c, d].forEach((s) => sut.admit(s));
    assert.deepEqual([sut.size, counts.scheduled], [4, 1], 'one trim for the burst, after the next read');
    runTrim();
    assert.deepEqual(destroyed(a, b, c, d), [true, true, false, false]);
    assert.deepEqual([sut.size, counts.closed], [2, 2]);
  });

  it("a burst's first connection whose request was read before the trim is kept", () => {
    const { sut, runTrim } = connections(1);
    const [old, probe, later] = [socket(), socket(), socket()];
    [old, probe, later].forEach((s) => sut.admit(s));
    request(sut, probe, true, false); // read in the next poll, before the trim
    runTrim();
    assert.deepEqual(destroyed(old, probe, later), [true, false, true]);
  });

  it('a request moves its connection to the back: idle keep-alive connections go in request order', () => {
    const { sut, runTrim } = connections(2);
    const [a, b, c] = [socket(), socket(), socket()];
    sut.admit(a);
    sut.admit(b);
    request(sut, b, true, true);
    request(sut, a, true, true); // answered, then idle: the most recently active
    sut.admit(c);
    request(sut, c, true, true);
    runTrim();
    assert.deepEqual(destroyed(a, b, c), [false, true, false]);
  });

  it('a request still arriving (slow headers or body) is closed; one being answered is not', () => {
    const { sut, runTrim } = connections(2);
    const [answering, slowBody, probe] = [socket(), socket(), socket()];
    sut.admit(answering);
    sut.admit(slowBody);
    request(sut, answering, true, false);
    request(sut, slowBody, false, false);
    sut.admit(probe);
    request(sut, probe, true, false);
    runTrim();
    assert.deepEqual(destroyed(answering, slowBody, probe), [false, true, false]);
  });

  it('connections being answered stay past the cap; the next trim closes them once answered', () => {
    const { sut, counts, runTrim } = connections(1);
    const [a, b] = [socket(), socket()];
    sut.admit(a);
    const first = request(sut, a, true, false);
    sut.admit(b);
    request(sut, b, true, false);
    runTrim();
    assert.deepEqual([destroyed(a, b), sut.size], [[false, false], 2]);
    Object.assign(first, { writableFinished: true });
    const c = socket();
    sut.admit(c);
    assert.equal(counts.scheduled, 2);
    runTrim();
    assert.deepEqual(destroyed(a, b, c), [true, false, true]);
  });

  it('a closed connection frees its slot; a request on an untracked socket is ignored', () => {
    const { sut, counts } = connections(1);
    const [a, b] = [socket(), socket()];
    sut.admit(a);
    a.emit('close');
    request(sut, a, true, false);
    sut.admit(b);
    assert.deepEqual([sut.size, counts.scheduled], [1, 0]);
  });
});
