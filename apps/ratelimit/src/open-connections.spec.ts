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
  return { message, response };
}

const destroyed = (...sockets: FakeSocket[]) => sockets.map((s) => s.isDestroyed);

describe(OpenConnections.name, () => {
  it('admits up to the cap, then replaces the connection open longest without a request', () => {
    const sut = new OpenConnections(3);
    const [a, b, c, d] = [socket(), socket(), socket(), socket()];
    assert.deepEqual(
      [a, b, c].map((s) => sut.admit(s)),
      ['admitted', 'admitted', 'admitted'],
    );
    assert.equal(sut.admit(d), 'replaced');
    assert.deepEqual(destroyed(a, b, c, d), [true, false, false, false]);
    assert.equal(sut.size, 3);
  });

  it('a request moves its connection to the back: an idle keep-alive connection goes in request order', () => {
    const sut = new OpenConnections(2);
    const [a, b, c] = [socket(), socket(), socket()];
    sut.admit(a);
    sut.admit(b);
    request(sut, b, true, true);
    request(sut, a, true, true); // answered, then idle: the most recently active
    assert.equal(sut.admit(c), 'replaced');
    assert.deepEqual(destroyed(a, b, c), [false, true, false]);
  });

  it('a request still arriving (slow headers or body) is replaced; one being answered is not', () => {
    const sut = new OpenConnections(2);
    const [answering, slowBody, probe] = [socket(), socket(), socket()];
    sut.admit(answering);
    sut.admit(slowBody);
    request(sut, answering, true, false);
    request(sut, slowBody, false, false);
    assert.equal(sut.admit(probe), 'replaced');
    assert.deepEqual(destroyed(answering, slowBody, probe), [false, true, false]);
  });

  it('refuses the new connection only when every open one is answering a request', () => {
    const sut = new OpenConnections(2);
    const [a, b, c] = [socket(), socket(), socket()];
    sut.admit(a);
    sut.admit(b);
    const first = request(sut, a, true, false);
    request(sut, b, true, false);
    assert.equal(sut.admit(c), 'refused');
    assert.deepEqual(destroyed(a, b, c), [false, false, true]);
    Object.assign(first.response, { writableFinished: true }); // answered: a is idle again
    const d = socket();
    assert.equal(sut.admit(d), 'replaced');
    assert.deepEqual(destroyed(a, b, d), [true, false, false]);
  });

  it('a closed connection frees its slot; a request on an untracked socket is ignored', () => {
    const sut = new OpenConnections(1);
    const [a, b] = [socket(), socket()];
    sut.admit(a);
    a.emit('close');
    request(sut, a, true, false);
    assert.equal(sut.admit(b), 'admitted');
    assert.equal(sut.size, 1);
  });
});
