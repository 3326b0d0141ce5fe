// The operator console's cost (docs/benchmarks.md, "The console's cost"): the service on the
// memory store with the console turned off (CONSOLE_ENABLED=false, the baseline), on but never
// opened, and open (a page's polling from a process of its own: the live answer every second, the
// rules after a load), each in calls per server CPU-second; once with every call within its limits
// and once with every call over them (where the service records who is limited), over 1000
// distinct clients.
import { fork } from 'node:child_process';
import { join } from 'node:path';
import { reportMedian, type BenchPart } from './bench-rounds';
import { on, perCpu, ratios } from './part-figures';
import { serviceTarget, type Target } from './ratelimit-targets';
import { TWO_DESCRIPTORS } from './ratelimit-workloads';
import type { StartedServer } from './spawn-server';

const OVER_LIMIT_RULES = `
domain: bench
descriptors:
  - key: client_id
    rate_limit: { unit: hour, requests_per_unit: 1 }
  - key: path
    value: /api/*
    rate_limit: { unit: hour, requests_per_unit: 1 }
`;

/** One decimal: the goals are a few percent. */
const percent = (ratio: number) => `${(ratio * 100).toFixed(1)} %`;

export function consolePart(statsdPort: number): BenchPart {
  const memory = { BACKEND_TYPE: 'memory' };
  const targets = (rules: string | undefined, label: string) => {
    const options = { statsdPort, ...(rules === undefined ? {} : { rules }) };
    return [
      serviceTarget(`memory store, no console${label}`, { ...memory, CONSOLE_ENABLED: 'false' }, options),
      serviceTarget(`memory store, console closed${label}`, memory, options),
      serviceTarget(`memory store, console open${label}`, memory, { ...options, onStarted: pollConsole }),
    ];
  };
  const groups: Target[][] = [targets(undefined, ''), targets(OVER_LIMIT_RULES, ', all over limit')];
  const measurements = groups.flat().map((target) => on(target, TWO_DESCRIPTORS));
  return {
    name: 'console',
    measurements,
    report: (rounds) => {
      for (let g = 0; g < groups.length; g++) {
        const [baseline, closed, open] = measurements.slice(g * 3, g * 3 + 3);
        const what = `of "${baseline.target.name}", calls per server CPU-second`;
        reportMedian(
          closed.target.name,
          ratios(rounds, closed, baseline, perCpu),
          `${what} (goal >= 97 %)`,
          percent,
        );
        reportMedian(
          open.target.name,
          ratios(rounds, open, baseline, perCpu),
          `${what} (goal >= 95 %)`,
          percent,
        );
      }
    },
  };
}

/**
 * An open console page until the server exits: a poller process of its own (console-poller.ts),
 * so its requests cost the service what a page's cost and leave the load generator alone. The
 * load starts once the page has its first answers, as a page opened before the measurement: the
 * poller's own start-up (Node, then undici on the first fetch) is not in the measured seconds.
 */
function pollConsole(server: StartedServer, debugPort: number): Promise<void> {
  const poller = fork(join(__dirname, 'console-poller.js'), [String(debugPort)], { stdio: 'ignore' });
  server.child.once('exit', () => poller.kill('SIGKILL'));
  return new Promise((resolve, reject) => {
    poller.once('message', () => resolve());
    poller.once('exit', (code) =>
      reject(new Error(`the console poller exited (${code}) before its first answer`)),
    );
  });
}
