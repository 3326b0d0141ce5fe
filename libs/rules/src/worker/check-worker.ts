// The console's rules checks run in one long-lived worker process, one check at a time. Starting a
// process costs the serving thread about 5 ms (the synchronous fork and exec) and the machine
// 30-40 ms of CPU, so a process per check let a stream of pasted checks slow every decision
// (docs/rules.md#where-rules-are-compiled). The worker is ended when it has been idle a while or
// when a check left it holding much memory, so a large paste's memory is still given back. After
// each check the worker rests CHECK_REST_FACTOR times as long as the check took, and at least
// CHECK_MIN_REST_MS, so however fast checks are sent they use at most a fifth of a core and at most
// 40 a second reach the serving thread (docs/console.md#json-api): a stream of hostile pastes costs
// the calls little, while one operator's check starts at once.
import type { ChildProcess } from 'node:child_process';
import { takePiece } from './take-piece';
import type { LimitLines, WorkerJob, WorkerReply } from './worker-messages';

/** An idle worker is ended after this long; the next check starts a new one. */
const IDLE_MS = 10_000;
/** A worker whose resident memory passed this after a check is ended (a large paste). */
export const RETIRE_RSS_BYTES = 256 * 1024 * 1024;
/** After a check of D ms the next starts D x this later (the debug profiles rest likewise). */
export const CHECK_REST_FACTOR = 4;
/**
 * And at least this much later: the serving thread's own part of a check (the request, the
 * messages to and from the worker, the answer) is not in D, and a check the worker refuses at once
 * (a YAML bomb stops at its alias bound in 1-2 ms) rested only 4-8 ms, so a stream of them ran
 * 100-170 checks a second through the serving thread. 25 ms allows 40 a second: an operator never
 * waits on it.
 */
export const CHECK_MIN_REST_MS = 25;
/**
 * The lines in force are sent to the worker this many at a time, each piece made when the worker
 * asks for it: a domain of 120,000 limits in force took the serving thread 100-200 ms in one
 * piece, and about a millisecond per piece of 1,000.
 */
export const IN_FORCE_LINES_PER_PIECE = 1000;

export interface CheckWorkerLimits {
  readonly idleMs: number;
  readonly retireRssBytes: number;
  readonly restFactor: number;
  readonly minRestMs: number;
}

/** The clock and timer of the rests, a fake in tests. */
export interface RestTimer {
  now(): number;
  after(ms: number, run: () => void): void;
}

const REAL_TIMER: RestTimer = {
  now: () => performance.now(),
  after: (ms, run) => setTimeout(run, ms).unref(),
};

type Start = () => ChildProcess;
/**
 * The lines in force of these domains (limitLines), for a check the worker compares with them;
 * made as the worker takes them, a piece at a time.
 */
export type InForceTexts = (domains: readonly string[]) => Iterable<LimitLines[number]>;
interface QueuedJob {
  readonly job: WorkerJob;
  readonly inForce: InForceTexts;
  readonly resolve: (reply: WorkerReply) => void;
  readonly reject: (error: Error) => void;
}
type LinesInForce = Iterator<LimitLines[number]>;

/** Runs jobs one after the other on one worker, started on demand. */
export class CheckWorker {
  private worker: ChildProcess | undefined;
  private readonly queue: QueuedJob[] = [];
  private running: QueuedJob | undefined;
  private resting = false;
  private runningSinceMs = 0;
  /** The running check's lines in force still to send. */
  private linesInForce: LinesInForce | undefined;
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly start: Start,
    private readonly stoppedError: (code: number | null, signal: NodeJS.Signals | null) => Error,
    private readonly limits: CheckWorkerLimits = {
      idleMs: IDLE_MS,
      retireRssBytes: RETIRE_RSS_BYTES,
      restFactor: CHECK_REST_FACTOR,
      minRestMs: CHECK_MIN_REST_MS,
    },
    private readonly timer: RestTimer = REAL_TIMER,
  ) {}

  /**
   * Resolves with the worker's reply to `job` (`checked` or `failed`); `inForce` answers the
   * worker's question for the lines in force (none by default).
   */
  run(job: WorkerJob, inForce: InForceTexts = () => []): Promise<WorkerReply> {
    return new Promise((resolve, reject) => {
      this.queue.push({ job, inForce, resolve, reject });
      if (this.running === undefined && !this.resting) this.next();
    });
  }

  private next(): void {
    this.resting = false;
    const queued = this.queue.shift();
    this.running = queued;
    if (queued === undefined) return this.idle();
    clearTimeout(this.idleTimer);
    this.runningSinceMs = this.timer.now();
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
      if (reply.type === 'describe-in-force') return this.sendInForce(worker, reply.domains);
      if (reply.type === 'more-in-force') return this.sendInForce(worker);
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

  /**
   * The next piece of the lines in force the running check asked for, made now on this thread (a
   * large domain is not described at once); `domains` with the first piece.
   */
  private sendInForce(worker: ChildProcess, domains?: readonly string[]): void {
    try {
      if (domains !== undefined) this.linesInForce = this.running?.inForce(domains)[Symbol.iterator]();
      const lines = this.linesInForce ?? [][Symbol.iterator]();
      const { items, done } = takePiece(lines, IN_FORCE_LINES_PER_PIECE);
      if (done) this.linesInForce = undefined;
      worker.send({ type: 'in-force', texts: items, done } satisfies WorkerJob);
    } catch (error) {
      this.end(worker);
      this.finish((job) => job.reject(error as Error));
    }
  }

  private finish(settle: (job: QueuedJob) => void): void {
    const job = this.running;
    if (job === undefined) return; // it ended idle or resting: the next run() or the rest goes on
    this.running = undefined;
    this.linesInForce = undefined;
    settle(job);
    this.rest(this.timer.now() - this.runningSinceMs);
  }

  /** The next check after a rest as long as `restFactor` times the last check took, or `minRestMs`. */
  private rest(lastCheckMs: number): void {
    const restMs = Math.max(lastCheckMs * this.limits.restFactor, this.limits.minRestMs);
    if (restMs <= 0) return this.next();
    this.resting = true;
    this.release(); // a rest must not hold the service open either
    this.timer.after(restMs, () => this.next());
  }

  /** Nothing runs: the worker must not keep the service alive, and is ended after a while. */
  private idle(): void {
    const worker = this.release();
    if (worker === undefined) return;
    this.idleTimer = setTimeout(() => this.end(worker), this.limits.idleMs).unref();
  }

  private release(): ChildProcess | undefined {
    this.worker?.unref();
    this.worker?.channel?.unref();
    return this.worker;
  }

  private end(worker: ChildProcess): void {
    if (this.worker === worker) this.worker = undefined;
    worker.kill();
  }
}
