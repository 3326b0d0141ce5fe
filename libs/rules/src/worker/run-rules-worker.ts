// The serving process's side of the rules worker (rules-worker.ts): one child process per load,
// ended when its job is done; checks share one (check-worker.ts). A process rather than a worker thread: Node 24 keeps the heap
// pages of an ended worker thread (a 10 MB file left ~1 GiB resident for good), while an ended
// process gives everything back. The service finds the worker's script beside this file in the
// compiled tree, or beside the bundle that inlined this file (the production bundle ships it as
// bundle/rules-worker.js).
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fork, type ChildProcess } from 'node:child_process';
import type { CompileOptions } from '../compile-snapshot';
import type { RuleConfigError } from '../rule-config-error';
import type { RuleFileLayout } from '../sources/read-rule-files';
import type { PreparedRules } from '../sources/rule-source';
import type { LimitChange } from '../limit-changes';
import { CheckWorker, type InForceTexts } from './check-worker';
import { collectGarbage } from './collect-garbage';
import { CHECK_NICE, LOAD_NICE, lowerPriorityOf } from './lower-priority';
import { SnapshotAssembler, type NodeRecord } from './snapshot-records';
import { fromErrorData, type WorkerJob, type WorkerReply } from './worker-messages';

export const RULES_WORKER_FILE = 'rules-worker.js';

/**
 * The worker's heap bound: a 10 MB file takes about 1 GiB while it is parsed. A worker that needs
 * more ends with an error; the service carries on.
 */
const WORKER_MAX_OLD_GENERATION_MB = 2048;

export interface CheckedRules {
  /** The first errors found (at most 100), and how many there were. */
  readonly errors: readonly RuleConfigError[];
  readonly errorCount: number;
  /** Without errors: the first changes against the rules in force, and how many there are. */
  readonly changes: readonly LimitChange[];
  readonly changeCount: number;
}

/**
 * Reads, parses and compiles the rule files in a worker; rejects with the first error (or an
 * AbortError when `signal` ends the load). `directoryMustExist`: a load found the rules directory
 * before, so its disappearance (also between this call and the worker's read) is an error.
 */
export function loadRulesInWorker(
  layout: RuleFileLayout,
  options: CompileOptions,
  directoryMustExist = false,
  signal?: AbortSignal,
): Promise<PreparedRules> {
  return receiveSnapshot({ type: 'load', layout, directoryMustExist, options: plain(options) }, signal);
}

/**
 * Decodes and compiles an xDS set's RateLimitConfig resources (their bytes) in a worker, as a
 * load's: the serving thread only assembles the result; rejects with the first error (or an
 * AbortError when `signal` ends it).
 */
export function compileXdsInWorker(
  resources: readonly Uint8Array[],
  options: CompileOptions,
  signal?: AbortSignal,
): Promise<PreparedRules> {
  return receiveSnapshot({ type: 'compile-xds', resources, options: plain(options) }, signal);
}

/** Runs a load or compile job and assembles the snapshot its worker sends back in pieces. */
function receiveSnapshot(job: WorkerJob, signal: AbortSignal | undefined): Promise<PreparedRules> {
  let assembler: SnapshotAssembler | undefined;
  let configCount = 0;
  return runJob<PreparedRules>(job, signal, (reply, worker, done) => {
    if (reply.type === 'loaded') {
      assembler = new SnapshotAssembler(reply.sources);
      configCount = reply.configCount;
    } else if (reply.type === 'records' && assembler) {
      const records = JSON.parse(reply.json) as NodeRecord[];
      if (records.length === 0) return done({ snapshot: assembler.finish(), configCount });
      assembler.add(records);
    } else return;
    // The next piece after the calls that arrived meanwhile have been served, and after a young
    // collection: every object of the tree being assembled survives it, so a scavenge that V8 left
    // to itself copied several pieces at once (15-22 ms stalls at the end of a 10 MB load).
    setImmediate(() => {
      collectGarbage({ type: 'minor', execution: 'sync' });
      if (worker.connected) worker.send('more');
    });
  });
}

const checks = new CheckWorker(() => startWorker(CHECK_NICE), stoppedError);

/**
 * Parses and compiles pasted rules in the check worker, collecting every error; without errors,
 * the worker compares the paste's limits with `inForce` of the paste's domains.
 */
export async function checkRulesInWorker(
  text: string,
  sourceName: string,
  options: CompileOptions,
  inForce?: InForceTexts,
): Promise<CheckedRules> {
  const job = { type: 'check', text, sourceName, options: plain(options) } as const;
  const reply = await checks.run(job, inForce);
  if (reply.type === 'failed') throw fromErrorData(reply.error);
  if (reply.type !== 'checked') throw new Error(`the rules worker answered a check with ${reply.type}`);
  return {
    errors: reply.errors.map((error) => fromErrorData(error) as RuleConfigError),
    errorCount: reply.errorCount,
    changes: reply.changes,
    changeCount: reply.changeCount,
  };
}

type ReplyHandler<T> = (reply: WorkerReply, worker: ChildProcess, done: (result: T) => void) => void;

/** `signal` ends the worker (the service is stopping): the promise rejects with an AbortError. */
function runJob<T>(job: WorkerJob, signal: AbortSignal | undefined, onReply: ReplyHandler<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const worker = startWorker(LOAD_NICE, signal);
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      outcome();
      worker.kill();
    };
    worker.on('message', (reply: WorkerReply) => {
      if (reply.type === 'failed') return finish(() => reject(fromErrorData(reply.error)));
      onReply(reply, worker, (result) => finish(() => resolve(result)));
    });
    worker.on('error', (error) => finish(() => reject(error)));
    worker.on('exit', (code, signal) => finish(() => reject(stoppedError(code, signal))));
    worker.send(job);
  });
}

/**
 * A worker process at `nice`: its main thread is lowered here at once, so Node's start-up (30-40 ms
 * of CPU) and the threads it starts run at that priority too; the worker lowers every thread again
 * itself (lower-priority.ts), for the threads started before this call reached it.
 */
export function startWorker(nice: number, signal?: AbortSignal): ChildProcess {
  const worker = fork(rulesWorkerPath(), [String(nice)], {
    ...(signal ? { signal } : {}),
    execArgv: [`--max-old-space-size=${WORKER_MAX_OLD_GENERATION_MB}`],
    // structured clones over the channel (Maps in the options, errors as data)
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  if (worker.pid !== undefined) lowerPriorityOf(worker.pid, nice);
  return worker;
}

/** A worker that ran out of heap aborts (V8 prints "Reached heap limit" to the service's stderr). */
export function stoppedError(code: number | null, signal: NodeJS.Signals | null): Error {
  const how = signal === null ? `exit code ${code}` : `signal ${signal}`;
  return new Error(
    `the rules worker stopped (${how}); its heap is limited to ${WORKER_MAX_OLD_GENERATION_MB} MiB`,
  );
}

/** Only what a structured clone carries (no functions). */
function plain(options: CompileOptions): CompileOptions {
  const { mergeDomainConfigs, unsupportedAlgorithms } = options;
  return { mergeDomainConfigs, ...(unsupportedAlgorithms ? { unsupportedAlgorithms } : {}) };
}

let workerPath: string | undefined;

/** Beside this file (compiled tree, bundle/), or in a folder above (bundle/test/create-app.js). */
export function rulesWorkerPath(): string {
  if (workerPath !== undefined) return workerPath;
  for (let dir = __dirname; dir !== dirname(dir); dir = dirname(dir)) {
    if (existsSync(join(dir, RULES_WORKER_FILE))) return (workerPath = join(dir, RULES_WORKER_FILE));
  }
  throw new Error(`no ${RULES_WORKER_FILE} beside or above ${__dirname}`);
}
