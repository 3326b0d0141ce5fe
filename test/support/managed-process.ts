import { ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';

/** Every child started by the test support, so a crash or Ctrl-C never leaves servers behind. */
const live = new Set<ManagedProcess>();

export interface ManagedProcessOptions {
  readonly command: string;
  readonly args: readonly string[];
  /** Where the child's stdout and stderr go (read back into error messages). */
  readonly logFile: string;
  /** Resolves when the process answers; called after each (re)start. */
  readonly waitUntilReady: () => Promise<void>;
  readonly description: string;
}

/**
 * One server process owned by a test: started in the foreground (not daemonised) so we hold
 * its PID, stopped by that PID. Children are unref'd so a forgotten server never keeps a test
 * file's process alive; the exit hook below kills them.
 */
export class ManagedProcess {
  private child: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();

  constructor(private readonly options: ManagedProcessOptions) {}

  get pid(): number {
    if (this.child?.pid === undefined) throw new Error(`${this.options.description} is not running`);
    return this.child.pid;
  }

  get isRunning(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  async start(): Promise<void> {
    const log = openSync(this.options.logFile, 'a');
    const child = spawn(this.options.command, [...this.options.args], { stdio: ['ignore', log, log] });
    closeSync(log);
    child.unref();
    this.child = child;
    live.add(this);
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
    child.once('exit', () => live.delete(this));
    const spawnFailed = new Promise<never>((_, reject) => child.once('error', reject));
    try {
      await Promise.race([this.options.waitUntilReady(), spawnFailed, this.failIfExited()]);
    } catch (error) {
      await this.kill('SIGKILL');
      throw new Error(
        `${this.options.description} did not start: ${(error as Error).message}\n${this.logTail()}`,
        {
          cause: error,
        },
      );
    }
  }

  /** SIGTERM, then SIGKILL after `graceMs`; resolves when the process is gone. Idempotent. */
  async stop(graceMs = 3000): Promise<void> {
    if (!this.isRunning) return;
    this.child?.ref(); // keep the event loop alive until the exit arrives
    this.child?.kill('SIGTERM');
    const timer = setTimeout(() => this.child?.kill('SIGKILL'), graceMs);
    await this.exited;
    clearTimeout(timer);
  }

  /** Sends `signal` (SIGKILL by default) and waits for the process to exit. */
  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    if (!this.isRunning) return;
    this.child?.ref();
    this.child?.kill(signal);
    await this.exited;
  }

  /** Starts the same command again (same port), after a stop or a kill. */
  async restart(): Promise<void> {
    await this.stop();
    await this.start();
  }

  private async failIfExited(): Promise<never> {
    await this.exited;
    throw new Error(`exited with code ${this.child?.exitCode} (signal ${this.child?.signalCode})`);
  }

  private logTail(): string {
    try {
      return readFileSync(this.options.logFile, 'utf8').split('\n').slice(-15).join('\n');
    } catch {
      return '(no log)';
    }
  }
}

/** Stops every server the test support started in this process. */
export async function stopAllServers(): Promise<void> {
  await Promise.all([...live].map((server) => server.stop()));
}

function killAllNow(): void {
  for (const server of live) {
    try {
      process.kill(server.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

process.once('exit', killAllNow);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    killAllNow();
    process.exit(128 + (signal === 'SIGINT' ? 2 : 15));
  });
}
