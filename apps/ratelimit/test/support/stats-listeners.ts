// Real statsd collectors for the observability tests: a TCP listener (plain statsd, the
// reference's gostats TCP sink) and a UDP socket (DogStatsD), both keeping every line received.
import { createSocket } from 'node:dgram';
import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface StatsdListener {
  readonly port: number;
  /** Every complete line received so far. */
  readonly lines: string[];
  close(): Promise<void>;
}

export async function startTcpStatsdListener(): Promise<StatsdListener> {
  const lines: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    let pending = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      const parts = (pending + chunk).split('\n');
      pending = parts.pop() ?? '';
      lines.push(...parts.filter((line) => line !== ''));
    });
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    port: (server.address() as AddressInfo).port,
    lines,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export async function startUdpStatsdListener(): Promise<StatsdListener> {
  const lines: string[] = [];
  const socket = createSocket('udp4');
  socket.on('message', (datagram) => lines.push(...datagram.toString('utf8').split('\n').filter(Boolean)));
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', () => resolve()));
  return {
    port: socket.address().port,
    lines,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}

/** `name:value|c[|#tags]` lines summed per `name[|#tags]` (a counter's deltas may span flushes). */
export function counterTotals(lines: readonly string[]): Map<string, number> {
  const totals = new Map<string, number>();
  for (const line of lines) {
    const match = /^(.+):([0-9.]+)\|c(\|#.*)?$/.exec(line);
    if (match === null) continue;
    const key = match[1] + (match[3] ?? '');
    totals.set(key, (totals.get(key) ?? 0) + Number(match[2]));
  }
  return totals;
}
