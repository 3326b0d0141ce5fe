// The fault proxy itself, in front of a real TCP echo server on loopback: each mode does to the
// client and to the server what it says, switches at run time, and stop() leaves no socket open.
import assert from 'node:assert/strict';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { after, before, describe, it } from 'node:test';
import { startFaultProxy, type FaultProxy } from './fault-proxy';
import { waitFor } from './wait-for';

/** A client socket that records what it received and how it ended. */
interface Probe {
  readonly socket: Socket;
  received: string;
  /** 'end' (FIN), the error code (ECONNRESET, ECONNREFUSED, ...) or undefined while open. */
  ending: string | undefined;
  readonly closed: Promise<void>;
}

function openProbe(port: number): Promise<Probe> {
  const socket = connect({ host: '127.0.0.1', port });
  const probe: Probe = {
    socket,
    received: '',
    ending: undefined,
    closed: new Promise((resolve) => socket.once('close', () => resolve())),
  };
  socket.on('data', (chunk) => (probe.received += chunk.toString()));
  socket.on('end', () => (probe.ending ??= 'end'));
  socket.on('error', (error: NodeJS.ErrnoException) => (probe.ending ??= error.code ?? error.message));
  return new Promise((resolve) => {
    socket.once('connect', () => resolve(probe));
    socket.once('error', () => resolve(probe));
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends `text` and waits until it came back (the echo server sends it back). */
async function roundTrip(probe: Probe, text: string): Promise<void> {
  const before = probe.received.length;
  probe.socket.write(text);
  await waitFor(() => probe.received.length >= before + text.length, {
    timeoutMs: 5000,
    description: `echo of "${text}"`,
  });
}

describe('startFaultProxy', () => {
  let echo: Server;
  /** Server-side sockets and how each ended. */
  const serverSide: { socket: Socket; ending?: string }[] = [];
  let sut: FaultProxy;

  before(async () => {
    echo = createServer((socket) => {
      const entry: { socket: Socket; ending?: string } = { socket };
      serverSide.push(entry);
      socket.on('data', (chunk) => socket.write(chunk));
      socket.on('end', () => (entry.ending ??= 'end'));
      socket.on('error', (error: NodeJS.ErrnoException) => (entry.ending ??= error.code));
    });
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    const address = echo.address();
    if (typeof address !== 'object' || address === null) throw new Error('no echo port');
    sut = await startFaultProxy({ port: address.port });
  });
  after(async () => {
    await sut.stop();
    for (const { socket } of serverSide) socket.destroy();
    await new Promise((resolve) => echo.close(resolve));
  });

  it('pass: forwards both ways', async () => {
    const probe = await openProbe(sut.port);
    await roundTrip(probe, 'hello');
    assert.equal(probe.received, 'hello');
    assert.equal(sut.openConnections, 1);
    probe.socket.destroy();
    await waitFor(() => sut.openConnections === 0, { timeoutMs: 5000, description: 'link closed' });
  });

  it('delay: a round trip takes at least twice the delay, in order', async () => {
    const probe = await openProbe(sut.port);
    await sut.setMode({ kind: 'delay', ms: 100 });
    const startedAt = performance.now();
    probe.socket.write('a');
    probe.socket.write('b');
    await waitFor(() => probe.received === 'ab', { timeoutMs: 5000, description: 'delayed echo' });
    assert.ok(performance.now() - startedAt >= 195, `echo after ${performance.now() - startedAt} ms`);
    await sut.setMode({ kind: 'pass' });
    probe.socket.destroy();
  });

  it('drop-new close: new connections are closed at once, open ones keep working', async () => {
    const open = await openProbe(sut.port);
    await sut.setMode({ kind: 'drop-new', how: 'close' });
    const dropped = await openProbe(sut.port);
    await dropped.closed;
    assert.equal(dropped.ending, 'end');
    assert.equal(dropped.received, '');
    await roundTrip(open, 'still');
    await sut.setMode({ kind: 'pass' });
    open.socket.destroy();
  });

  it('drop-new refuse: the port stops listening, and listens again after', async () => {
    await sut.setMode({ kind: 'drop-new', how: 'refuse' });
    const refused = await openProbe(sut.port);
    await refused.closed;
    assert.equal(refused.ending, 'ECONNREFUSED');
    await sut.setMode({ kind: 'pass' });
    const again = await openProbe(sut.port);
    await roundTrip(again, 'back');
    again.socket.destroy();
  });

  it('blackhole: nothing flows while on; what was held arrives after', async () => {
    const probe = await openProbe(sut.port);
    await sut.setMode({ kind: 'blackhole' });
    probe.socket.write('held');
    const late = await openProbe(sut.port); // a new connection is held too
    late.socket.write('late');
    await pause(300);
    assert.equal(probe.received, '');
    assert.equal(late.received, '');
    assert.equal(probe.ending, undefined);
    await sut.setMode({ kind: 'pass' });
    await waitFor(() => probe.received === 'held' && late.received === 'late', {
      timeoutMs: 5000,
      description: 'held data delivered',
    });
    probe.socket.destroy();
    late.socket.destroy();
  });

  it('reset: open connections and new ones are reset at both ends', async () => {
    const probe = await openProbe(sut.port);
    await roundTrip(probe, 'x');
    const server = serverSide.at(-1);
    await sut.setMode({ kind: 'reset' });
    await probe.closed;
    assert.equal(probe.ending, 'ECONNRESET');
    await waitFor(() => server?.ending === 'ECONNRESET', { timeoutMs: 5000, description: 'server reset' });
    const fresh = await openProbe(sut.port);
    await fresh.closed;
    assert.equal(fresh.ending, 'ECONNRESET');
    await sut.setMode({ kind: 'pass' });
  });

  it('half-open: the server side is closed, the client stays connected to nothing, for good', async () => {
    const probe = await openProbe(sut.port);
    await roundTrip(probe, 'y');
    const server = serverSide.at(-1);
    await sut.setMode({ kind: 'half-open' });
    await waitFor(() => server?.socket.destroyed, { timeoutMs: 5000, description: 'server side closed' });
    probe.socket.write('lost');
    await sut.setMode({ kind: 'pass' });
    probe.socket.write('lost too');
    await pause(300);
    assert.equal(probe.received, 'y');
    assert.equal(probe.ending, undefined, 'the client was told nothing');
    const fresh = await openProbe(sut.port);
    await roundTrip(fresh, 'new');
    probe.socket.destroy();
    fresh.socket.destroy();
  });

  it('stop: every open connection is closed and the port no longer listens', async () => {
    const proxy = await startFaultProxy({ port: sut.port });
    const probes = [await openProbe(proxy.port), await openProbe(proxy.port)];
    await proxy.setMode({ kind: 'blackhole' });
    await proxy.stop();
    await Promise.all(probes.map((probe) => probe.closed));
    const refused = await openProbe(proxy.port);
    await refused.closed;
    assert.equal(refused.ending, 'ECONNREFUSED');
    assert.equal(proxy.openConnections, 0);
  });
});
