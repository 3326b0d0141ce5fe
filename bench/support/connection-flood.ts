// The connection flood of the `isolation` part: as many connections as the HTTP listener admits
// (HTTP_MAX_CONNECTIONS), each holding a request whose headers never end, while a probe asks
// `GET /healthcheck` on a connection of its own every 100 ms (as a kubelet does, less often).
// What the probes got is the figure: a flood must not take the health check down with it.
import { connect, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { httpCall } from '../../apps/ratelimit/load/keep-alive-callers';
import { countBy, show } from './hostile-requests';

const PROBE_EVERY_MS = 100;
const PROBE_TIMEOUT_MS = 1000;
/** Probes that got `200` out of those sent. */
export interface ProbeTally {
  readonly healthy: number;
  readonly total: number;
}

const HALF_REQUEST = 'GET /healthcheck HTTP/1.1\r\nHost: ratelimit\r\n';

export async function floodConnections(
  httpUrl: string,
  connections: number,
  untilMs: number,
): Promise<{ summary: string; probes: ProbeTally }> {
  const port = Number(new URL(httpUrl).port);
  const sockets = await Promise.all(Array.from({ length: connections }, () => openHalfRequest(port)));
  const closedByService = () => sockets.filter((socket) => socket.closed).length;
  const probes: Promise<string>[] = [];
  while (performance.now() < untilMs) {
    probes.push(probe(`${httpUrl}/healthcheck`));
    await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
  }
  const answers = await Promise.all(probes);
  const healthy = answers.filter((answer) => answer === '200').length;
  const rate = answers.length === 0 ? 0 : (100 * healthy) / answers.length;
  const closed = closedByService();
  sockets.forEach((socket) => socket.destroy());
  const summary =
    `${connections} connections held (${closed} closed by the service during the window); ` +
    `/healthcheck probes on new connections: ${healthy} of ${answers.length} answered 200 (${rate.toFixed(0)} %): ${show(countBy(answers))}`;
  return { summary, probes: { healthy, total: answers.length } };
}

function openHalfRequest(port: number): Promise<Socket> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.write(HALF_REQUEST);
      resolve(socket);
    });
    socket.on('error', () => resolve(socket)); // refused or reset: counted as closed
    socket.resume();
  });
}

/** `200`, another status, `no answer` within a second, or `refused (<code>)`. */
async function probe(url: string): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve('no answer'), PROBE_TIMEOUT_MS);
  });
  const answer = httpCall(url).then(
    ({ status }) => String(status),
    (error: NodeJS.ErrnoException) => `refused (${error.code ?? error.message})`,
  );
  try {
    return await Promise.race([answer, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
