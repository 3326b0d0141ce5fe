// Starts a benchmark server as a child process (so its CPU is measured on its own) and waits
// until its output has shown `ready` as many times as asked (once per WORKERS process). `node`
// is the Node binary to run it with (the one running the benchmark unless told otherwise).
import { spawn, type ChildProcess } from 'node:child_process';
import { waitFor } from '@repo/test-support';

export interface StartedServer {
  readonly child: ChildProcess;
  readonly port: number;
}

export async function spawnServer(
  args: string[],
  env: Record<string, string>,
  port: number,
  ready: RegExp,
  readyTimes = 1,
  node = process.execPath,
): Promise<StartedServer> {
  const child = spawn(node, args, {
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const everyLine = new RegExp(ready.source, 'g');
  await waitFor(
    () =>
      (output.match(everyLine)?.length ?? 0) >= readyTimes ||
      (child.exitCode !== null ? Promise.reject(new Error(output)) : false),
    { timeoutMs: 20_000, description: `${args.join(' ')} ready` },
  );
  return { child, port };
}
