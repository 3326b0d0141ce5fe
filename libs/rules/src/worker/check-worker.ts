// The console's rules checks run in one long-lived worker process, one check at a time. Starting a
// process costs the serving thread about 5 ms (the synchronous fork and exec) and the machine
// 30-40 ms of CPU, so a process per check let a stream of pasted checks slow every decision
// (docs/rules.md#where-rules-are-compiled). The worker is ended when it has been idle a while or
// when a check left it holding much memory, so a large paste's memory is still given back.
import type { ChildProcess } from 'node:child_process';
import type { WorkerJob, WorkerReply } from './worker-messages';

/** An idle worker is ended after this long; the next check starts a new one. */
const IDLE_MS = 10_000;
/** A worker whose resident memory passed this after a check is ended (a large paste). */
const RETIRE_RSS_BYTES = 256 * 1024 * 1024;

type Start = () => ChildProcess;
interface QueuedJob {
  readonly job: WorkerJob;
  readonly resolve: (reply: WorkerReply) => void;
  readonly reject: (error: Error) => void;
}

/** Runs jobs one after the other on one worker, started on demand. */
export class CheckWorker {
  private worker: ChildProcess | undefined;
  private readonly queue: QueuedJob[] = [];
  private running: QueuedJob | undefined;
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly start: Start,
    private readonly stoppedError: (code: number | null, signal: NodeJS.Signals | null) => Error,
    private readonly limits = { idleMs: IDLE_MS, retireRssBytes: RETIRE_RSS_BYTES },
  ) {}

  /** Resolves with the worker's reply to `job` (`checked` or `failed`). */
  run(job: WorkerJob): Promise<WorkerReply> {
    return new Promise((resolve, reject) => {
      this.queue.push({ job, resolve, reject });
      if (this.running === undefined) this.next();
    });
  }

  private next(): void {
    const queued = this.queue.shift();
    this.running = queued;
    if (queued === undefined) return this.idle();
    clearTimeout(this.idleTimer);
    const worker = this.workerProcess();
    worker.ref();
    worker.channel?.ref();
    worker.send(queued.job);
  }

  private workerProcess(): ChildProcess {
    if (this.worker !== undefined) return this.worker;
    const worker = this.start();
    worker.on('message', (reply: WorkerReply) => {
      if (this.worker !== worker) return;
      if (!('rssBytes' in reply) || (reply.rssBytes ?? 0) > this.limits.retireRssBytes) this.end(worker);
      this.finish((job) => job.resolve(reply));
    });
    worker.on('exit', (code, signal) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.finish((job) => job.reject(this.stoppedError(code, signal)));
    });
    worker.on('error', () => undefined); // 'exit' follows and fails the running job
    return (this.worker = worker);
  }

  private finish(settle: (job: QueuedJob) => void): void {
    const job = this.running;
    this.running = undefined;
    if (job !== undefined) settle(job);
    this.next();
  }

  /** Nothing runs: the worker must not keep the service alive, and is ended after a while. */
  private idle(): void {
    const worker = this.worker;
    if (worker === undefined) return;
    worker.unref();
    worker.channel?.unref();
    this.idleTimer = setTimeout(() => this.end(worker), this.limits.idleMs).unref();
  }

  private end(worker: ChildProcess): void {
    if (this.worker === worker) this.worker = undefined;
    worker.kill();
  }
}
