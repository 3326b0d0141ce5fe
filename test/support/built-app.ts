import { spawn, type ChildProcess } from 'node:child_process';
import { waitFor } from './wait-for';

/** A built app's entry point running as a child process; the caller stops it by its PID (`child.kill`). */
export interface BuiltApp {
  readonly child: ChildProcess;
  /** What the app wrote so far, stdout and stderr in the order they arrived. */
  readonly output: () => string;
}

/**
 * `node <main>` with an environment of PATH, NO_COLOR and `env` only (so the test machine's
 * variables cannot change the app's settings), its output captured.
 */
export function spawnBuiltApp(main: string, env: Readonly<Record<string, string>>): BuiltApp {
  let output = '';
  const child = spawn(process.execPath, [main], {
    env: { PATH: process.env.PATH, NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  return { child, output: () => output };
}

export interface StartBuiltAppOptions<T> {
  /** Polled until it gives a truthy value (returned as `answer`): the app is up. Throwing counts as "not yet". */
  readonly answers: (app: BuiltApp) => Promise<T | undefined | null | false> | T | undefined | null | false;
  readonly timeoutMs: number;
  /** What answers; part of the error when it does not. */
  readonly description: string;
}

const CLOSED = Symbol('closed');

/**
 * spawnBuiltApp, then waits until `answers` does. Fails with the app's output when the app exits
 * first or the deadline passes, after killing it by its PID.
 */
export async function startBuiltApp<T>(
  main: string,
  env: Readonly<Record<string, string>>,
  options: StartBuiltAppOptions<T>,
): Promise<BuiltApp & { readonly answer: T }> {
  const app = spawnBuiltApp(main, env);
  // 'close' rather than 'exit': by then the output is read to the end, for the error below.
  let isClosed = false;
  app.child.once('close', () => (isClosed = true));
  const { timeoutMs, description } = options;
  try {
    const answer = await waitFor(() => (isClosed ? CLOSED : options.answers(app)), {
      timeoutMs,
      description,
    });
    if (answer === CLOSED) {
      throw new Error(`exited (code ${app.child.exitCode}, signal ${app.child.signalCode})`);
    }
    return { ...app, answer };
  } catch (error) {
    app.child.kill('SIGKILL');
    throw new Error(`${description} did not answer: ${(error as Error).message}\n${app.output()}`, {
      cause: error,
    });
  }
}
