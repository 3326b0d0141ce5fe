// One measurement of the `isolation` part: a new service (the production entry, default settings,
// statistics to the bench's statsd listener, the store of the row) with its own rules directory,
// the row's hostile sender started beside it, then on one gRPC channel: warm-up, the ordinary
// calls alone (the baseline), and the same calls while the sender applies its input.
import { fork, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { freePort } from '@repo/test-support';
import { createFaultClient } from '../../apps/ratelimit/load/fault-client';
import { createRulesDir } from '../../apps/ratelimit/load/rules-dir';
import type { HostileInputName, InputReport } from './hostile-actions';
import type { SenderArguments, SenderMessage } from './hostile-sender';
import type { WindowTally } from './isolation-figures';
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
}

export interface WindowOptions {
  readonly warmupSeconds: number;
  readonly seconds: number;
  readonly ordinary: Omit<OpenLoopOptions, 'seconds'>;
  readonly statsdPort: number;
}

export interface RowResult {
  readonly without: WindowTally;
  readonly during: WindowTally;
  /** What the input got from the service (hostile-actions.ts). */
  readonly input: InputReport;
  /** The sender could not apply the input: the row is not judged. */
  readonly inputFailed: boolean;
  /** Whether the service was still running after the window. */
  readonly survived: boolean;
}

const SENDER = join(__dirname, 'hostile-sender.js');
/** Beyond the window: time for the sender to abandon its requests and report. */
const SENDER_GRACE_MS = 10_000;

export async function measureRow(row: IsolationRow, options: WindowOptions): Promise<RowResult> {
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
    sender = fork(SENDER, [JSON.stringify(args)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    await nextMessage(sender, 60_000); // ready: the input is built
    await runOpenLoop(client, { ...options.ordinary, seconds: options.warmupSeconds });
    const without = await runOpenLoop(client, { ...options.ordinary, seconds: options.seconds });
    const summary = nextMessage(sender, options.seconds * 1000 + SENDER_GRACE_MS);
    sender.send('go');
    const during = await runOpenLoop(client, { ...options.ordinary, seconds: options.seconds });
    const { report = { summary: '' }, failed = false } = await summary;
    const survived = service.child.exitCode === null && service.child.signalCode === null;
    return { without, during, input: report, inputFailed: failed, survived };
  } finally {
    client.close();
    sender?.kill('SIGKILL');
    service.child.kill('SIGKILL');
    rmSync(root, { recursive: true, force: true });
  }
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
