// Runs the built service as a child process (`node <dist>/apps/ratelimit/main.js` for the bundle,
// src/main.js of the compiled tree otherwise: e2e-target.ts), as an orchestrator would, to test
// what only a real process shows: exit codes, signals, stderr.
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort, waitFor } from '@repo/test-support';
import { SERVICE_MAIN } from './e2e-target';

export interface ServiceProcess {
  readonly child: ChildProcess;
  readonly httpPort: number;
  readonly grpcPort: number;
  readonly debugPort: number;
  /** Everything the process wrote so far. */
  output(): string;
  /** Resolves with the exit code (or the signal name). */
  readonly exited: Promise<number | string>;
  /** SIGKILL if still running (test clean-up). */
  kill(): void;
}

export async function startServiceProcess(env: Readonly<Record<string, string>>): Promise<ServiceProcess> {
  const [httpPort, grpcPort, debugPort] = [await freePort(), await freePort(), await freePort()];
  const child = spawn(process.execPath, [SERVICE_MAIN], {
    env: {
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      GRPC_HOST: '127.0.0.1',
      DEBUG_HOST: '127.0.0.1',
      PORT: String(httpPort),
      GRPC_PORT: String(grpcPort),
      DEBUG_PORT: String(debugPort),
      DISABLE_STATS: 'true',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  return {
    child,
    httpPort,
    grpcPort,
    debugPort,
    output: () => output,
    exited,
    kill: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}

/** Waits until /healthcheck answers 200 (or the process exits). */
export async function waitUntilHealthy(service: ServiceProcess, timeoutMs = 20_000): Promise<void> {
  await waitFor(
    async () => {
      if (service.child.exitCode !== null) throw new Error(`exited early:\n${service.output()}`);
      return (await fetch(`http://127.0.0.1:${service.httpPort}/healthcheck`)).status === 200;
    },
    { timeoutMs, description: `service healthy on :${service.httpPort}` },
  );
}
