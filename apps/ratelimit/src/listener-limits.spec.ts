import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import type { Server } from 'node:http';
import { pino } from 'pino';
import { capConnections, listenerLimits, refusedConnectionWarning } from './listener-limits';
import { parseSettings } from './settings/settings';

describe(listenerLimits.name, () => {
  it('defaults: 10 s to send a request, checked every second; 72 s keep-alive; 256 connections', () => {
    assert.deepEqual(listenerLimits(parseSettings({}).server), {
      nodeOptions: { requestTimeout: 10_000, headersTimeout: 10_000, connectionsCheckingInterval: 1000 },
      keepAliveTimeoutMs: 72_000,
      maxConnections: 256,
    });
  });

  it('HTTP_REQUEST_TIMEOUT=0 turns the request timeout off and leaves Node its header timeout', () => {
    const sut = listenerLimits(
      parseSettings({ HTTP_REQUEST_TIMEOUT: '0', HTTP_MAX_CONNECTIONS: '0' }).server,
    );
    assert.deepEqual(sut.nodeOptions, { requestTimeout: 0 });
    assert.equal(sut.maxConnections, 0);
  });

  it('rounds a sub-millisecond timeout up and keeps the header timeout at most 60 s', () => {
    assert.equal(
      listenerLimits(parseSettings({ HTTP_REQUEST_TIMEOUT: '1500us' }).server).nodeOptions.requestTimeout,
      2,
    );
    assert.equal(
      listenerLimits(parseSettings({ HTTP_REQUEST_TIMEOUT: '5m' }).server).nodeOptions.headersTimeout,
      60_000,
    );
  });
});

/** Two turns of the event loop: a trim scheduled now has run. */
const afterNextPoll = () =>
  new Promise((resolve) => setImmediate(() => setImmediate(() => setImmediate(resolve))));

describe(capConnections.name, () => {
  /** A fake socket: destroy() closes it, as a real one does. */
  const socket = () => {
    const fake = Object.assign(new EventEmitter(), { isDestroyed: false, destroy: () => {} });
    fake.destroy = () => {
      fake.isDestroyed = true;
      fake.emit('close');
    };
    return fake;
  };

  it('past the cap, after the next read, closes the quietest; reports each; closed ones count out', async () => {
    const server = new EventEmitter() as unknown as Server;
    let closed = 0;
    capConnections(server, 2, () => closed++);
    const [first, second, third] = [socket(), socket(), socket()];
    for (const connection of [first, second]) server.emit('connection', connection);
    // `first` sends a request that is being answered: `second` is the quietest
    server.emit('request', { socket: first, complete: true }, { writableFinished: false });
    server.emit('connection', third);
    assert.deepEqual([second.isDestroyed, closed], [false, 0], 'not before the next read');
    await afterNextPoll();
    assert.deepEqual(
      [first.isDestroyed, second.isDestroyed, third.isDestroyed, closed],
      [false, true, false, 1],
    );
    third.emit('close');
    const fourth = socket();
    server.emit('connection', fourth);
    await afterNextPoll();
    assert.deepEqual([fourth.isDestroyed, closed], [false, 1]);
  });

  it('0: no cap, nothing is watched', () => {
    const server = new EventEmitter() as unknown as Server;
    capConnections(server, 0, () => assert.fail('no refusal without a cap'));
    assert.equal(server.listenerCount('connection'), 0);
  });
});

describe(refusedConnectionWarning.name, () => {
  it('warns with the listener and the cap, then stays quiet within the minute', () => {
    const lines: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => lines.push(JSON.parse(line).msg) });
    const sut = refusedConnectionWarning(logger, 'debug listener', 5);
    sut();
    sut();
    assert.deepEqual(lines, [
      'debug listener: closed the connection quiet longest to make room: more than 5 connections open (HTTP_MAX_CONNECTIONS)',
    ]);
  });
});
