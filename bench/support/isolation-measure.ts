// One measurement of the `isolation` part: a new service (the production entry, default settings,
// statistics to the bench's statsd listener, the store of the row) with its own rules directory,
// the row's hostile sender started beside it, then on one gRPC channel: warm-up, and then pairs of
// windows, the ordinary calls alone (the baseline) and the same calls while the sender applies its
// input, with a rest after each. Alternating the two sides spreads the machine's drift over both,
// where one window of each compared a quiet start with a later, busier moment, and pooling the
// pairs ranks the p99 over several times more calls.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { freePort } from '@repo/test-support';
import { createFaultClient, type FaultClient } from '../../apps/ratelimit/load/fault-client';
import { createRulesDir } from '../../apps/ratelimit/load/rules-dir';
import type { HostileInputName, InputReport } from './hostile-actions';
import type { SenderArguments, SenderMessage } from './hostile-sender';
import { poolTallies, tallyP99, type WindowTally } from './isolation-figures';
import { runOpenLoop, type OpenLoopOptions } from './open-loop-calls';
import { SERVICE_ENTRIES } from './ratelimit-targets';
import { spawnServer, type StartedServer } from './spawn-server';

/** The ordinary key (a few values, never over its limit), and the limited keys two inputs use. */
export const ISOLATION_RULES = `
domain: bench
descriptors:
  - key: client_id
    rate_limit: { unit: minute, requests_per_unit: 1000000000 }
  - key: limited
    rate_limit: { unit: hour, requests_per_unit: 1 }
  - key: hot
    rate_limit: { unit: hour, requests_per_unit: 1000 }
`;

export interface IsolationRow {
  readonly name: string;
  readonly input: HostileInputName;
  /** Settings beside the defaults (the store, a lower connection cap). */
  readonly env: Readonly<Record<string, string>>;
  /** A longer window for an input whose effect lasts longer than the part's window (a 10 MB load). */
  readonly windowSeconds?: number;
}

export interface WindowOptions {
  readonly warmupSeconds: number;
  /** One window's length (each side of a pair). */
  readonly seconds: number;
  /** How many pairs of windows (without, then during the input) a measurement takes. */
  readonly pairs: number;
  /** Ordinary calls after each window during the input, not counted: what the input left settles. */
  readonly restSeconds: number;
  readonly ordinary: Omit<OpenLoopOptions, 'seconds'>;
  readonly statsdPort: number;
}

export interface RowResult {
  /** The ordinary calls of every window without the input, pooled. */
  readonly without: WindowTally;
  /** The ordinary calls of every window during the input, pooled. */
  readonly during: WindowTally;
  /** Each window's own p99, in the order measured (to see a window that stands out). */
  readonly windowP99s: { readonly without: number[]; readonly during: number[] };
  /** What the input got from the service (hostile-actions.ts), every window's together. */
  readonly input: InputReport;
  /** The sender could not apply the input: the row is not judged. */
  readonly inputFailed: boolean;
  /** Whether the service was still running after the window. */
  readonly survived: boolean;
}

const SENDER = join(__dirname, 'hostile-sender.js');
/** Beyond the window: time for the sender to abandon its requests and report. */
const SENDER_GRACE_MS = 10_000;

export async function measureRow(row: IsolationRow, partOptions: WindowOptions): Promise<RowResult> {
  const options = { ...partOptions, seconds: row.windowSeconds ?? partOptions.seconds };
  const rules = createRulesDir({ 'bench.yaml': ISOLATION_RULES });
  const root = dirname(dirname(rules.path));
  const service = await startService(row, rules.env, options.statsdPort);
  let sender: ChildProcess | undefined;
  const client = createFaultClient(`127.0.0.1:${service.grpcPort}`, { 'grpc.use_local_subchannel_pool': 1 });
  try {
    const args: SenderArguments = {
      input: row.input,
      target: {
        grpcAddress: `127.0.0.1:${service.grpcPort}`,
        httpUrl: `http://127.0.0.1:${service.httpPort}`,
        debugUrl: `http://127.0.0.1:${service.debugPort}`,
        rulesPath: rules.path,
        scratchPath: root,
        maxConnections: Number(row.env.HTTP_MAX_CONNECTIONS ?? 256),
      },
      seconds: options.seconds,
    };
    sender = startSender(args);
    await nextMessage(sender, 60_000); // ready: the input is built
    await runOpenLoop(client, { ...options.ordinary, seconds: options.warmupSeconds });
    const pairs = await measurePairs(client, sender, options);
    const survived = service.child.exitCode === null && service.child.signalCode === null;
    return { ...pairs, survived };
  } finally {
    client.close();
    sender?.kill('SIGKILL');
    service.child.kill('SIGKILL');
    rmSync(root, { recursive: true, force: true });
  }
}

async function measurePairs(
  client: FaultClient,
  sender: ChildProcess,
  options: WindowOptions,
): Promise<Omit<RowResult, 'survived'>> {
  const without: WindowTally[] = [];
  const during: WindowTally[] = [];
  const messages: SenderMessage[] = [];
  for (let pair = 0; pair < options.pairs; pair++) {
    without.push(await runOpenLoop(client, { ...options.ordinary, seconds: options.seconds }));
    const report = nextMessage(sender, options.seconds * 1000 + SENDER_GRACE_MS);
    sender.send('go');
    during.push(await runOpenLoop(client, { ...options.ordinary, seconds: options.seconds }));
    messages.push(await report);
    await runOpenLoop(client, { ...options.ordinary, seconds: options.restSeconds });
  }
  return {
    without: poolTallies(without),
    during: poolTallies(during),
    windowP99s: { without: without.map(tallyP99), during: during.map(tallyP99) },
    input: poolReports(messages.map(({ report = { summary: '' } }) => report)),
    inputFailed: messages.some(({ failed = false }) => failed),
  };
}

/** Every window's summary, numbered; the probes added up. */
function poolReports(reports: readonly InputReport[]): InputReport {
  const summary = reports.map((report, index) => `window ${index + 1}: ${report.summary}`).join('; ');
  const probed = reports.flatMap(({ probes }) => (probes ? [probes] : []));
  if (probed.length === 0) return { summary };
  const probes = {
    healthy: probed.reduce((sum, tally) => sum + tally.healthy, 0),
    total: probed.reduce((sum, tally) => sum + tally.total, 0),
  };
  return { summary, probes };
}

/**
 * The sender under Linux's SCHED_IDLE policy where `chrt` allows it: it runs only on CPU time no
 * other process wants, and a waking service or caller thread preempts it at once. At nice 19 alone
 * (its fallback, hostile-sender.ts) it still held a core for a time slice whenever it ran: its
 * `cpu-burn` control row raised the ordinary calls' p99 up to 2.7x (docs/benchmarks.md#isolation).
 */
function startSender(args: SenderArguments): ChildProcess {
  const command = [process.execPath, ...process.execArgv, SENDER, JSON.stringify(args)];
  const [file, ...rest] = canRunIdle() ? ['chrt', '--idle', '0', ...command] : command;
  return spawn(file, rest, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
}

let idleAllowed: boolean | undefined;
function canRunIdle(): boolean {
  idleAllowed ??= spawnSync('chrt', ['--idle', '0', 'true']).status === 0;
  return idleAllowed;
}

interface IsolationService extends StartedServer {
  readonly grpcPort: number;
  readonly httpPort: number;
  readonly debugPort: number;
}

/** The settings ratelimit-targets.ts gives the service, with the row's beside them. */
async function startService(
  row: IsolationRow,
  rulesEnv: Readonly<Record<string, string>>,
  statsdPort: number,
): Promise<IsolationService> {
  const [grpcPort, httpPort, debugPort] = [await freePort(), await freePort(), await freePort()];
  const settings = {
    ...rulesEnv,
    ...row.env,
    GRPC_HOST: '127.0.0.1',
    GRPC_PORT: String(grpcPort),
    HOST: '127.0.0.1',
    PORT: String(httpPort),
    DEBUG_HOST: '127.0.0.1',
    DEBUG_PORT: String(debugPort),
    STATSD_HOST: '127.0.0.1',
    STATSD_PORT: String(statsdPort),
    LOG_LEVEL: 'info',
  };
  const server = await spawnServer([SERVICE_ENTRIES.production], settings, grpcPort, /ratelimit serving/);
  return { ...server, grpcPort, httpPort, debugPort };
}

/** The sender's next message; rejects if it exits or says nothing within `timeoutMs`. */
function nextMessage(sender: ChildProcess, timeoutMs: number): Promise<SenderMessage> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => done(new Error(`the hostile sender said nothing in ${timeoutMs} ms`)),
      timeoutMs,
    );
    const onMessage = (message: SenderMessage) => done(undefined, message);
    const onExit = (code: number | null) => done(new Error(`the hostile sender exited (${code})`));
    const done = (error?: Error, message?: SenderMessage) => {
      clearTimeout(timer);
      sender.off('message', onMessage).off('exit', onExit);
      if (error) reject(error);
      else resolve(message!);
    };
    sender.once('message', onMessage).once('exit', onExit);
  });
}
