// The console's once-a-second work, in CPU microseconds: the traffic sample (always) and the
// answer an open page asks for (live: traffic since the previous second and limited values),
// served by the real ConsoleApi through a minimal request/response pair.
import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ConsoleApi } from '../../apps/ratelimit/src/console/console-api';
import type { OperatorConsole } from '../../apps/ratelimit/src/console/operator-console';
import { median } from './bench-rounds';

const REPEAT = 2000;

export async function consoleRequestCpuUs(
  operatorConsole: OperatorConsole,
  api: ConsoleApi,
  rounds: number,
): Promise<{ sampleUs: number; pageUs: number }> {
  const samples: number[] = [];
  const pages: number[] = [];
  let second = Math.floor(Date.now() / 1000);
  for (let round = 0; round < rounds; round++) {
    samples.push(cpuUs(() => operatorConsole.traffic.sample(++second)));
    const since = operatorConsole.traffic.lastSecond - 1;
    pages.push(
      await cpuUsAsync(async () => {
        await api.handle(
          fakeRequest(),
          fakeResponse(),
          new URL(`http://debug/console/api/live?since=${since}`),
        );
      }),
    );
  }
  return { sampleUs: median(samples), pageUs: median(pages) };
}

function cpuUs(work: () => void): number {
  const started = process.cpuUsage();
  for (let i = 0; i < REPEAT; i++) work();
  const used = process.cpuUsage(started);
  return (used.user + used.system) / REPEAT;
}

async function cpuUsAsync(work: () => Promise<void>): Promise<number> {
  const started = process.cpuUsage();
  for (let i = 0; i < REPEAT; i++) await work();
  const used = process.cpuUsage(started);
  return (used.user + used.system) / REPEAT;
}

function fakeRequest(): IncomingMessage {
  return Object.assign(new EventEmitter(), { method: 'GET' }) as unknown as IncomingMessage;
}

function fakeResponse(): ServerResponse {
  return { writeHead: () => undefined, end: () => undefined } as unknown as ServerResponse;
}
