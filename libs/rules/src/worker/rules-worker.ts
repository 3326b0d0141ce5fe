// The entry of the worker process that reads, parses and compiles rules
// (docs/rules.md#where-rules-are-compiled): the service only receives the result. One job per
// worker; the worker ends after it, so the memory a large file took is given back. A load's
// snapshot goes back as records in pieces, the next piece sent when the service asks for it
// (see snapshot-records.ts).
import { setPriority } from 'node:os';
import { compileRules, type CompileOptions } from '../compile-snapshot';
import type { CompiledRuleSnapshot } from '../compiled-rule-snapshot';
import { parseYamlConfig } from '../parse-yaml-config';
import type { RawDomainConfig } from '../raw-domain-config';
import { inFileOrder } from '../rule-config-error';
import { readRuleFilesOf, type RuleFileLayout } from '../sources/read-rule-files';
import { snapshotRecords, type NodeRecord } from './snapshot-records';
import { toErrorData, type WorkerJob, type WorkerReply } from './worker-messages';

/** Records per piece: about a millisecond of the serving thread's time each. */
const RECORDS_PER_PIECE = 500;
/** A check answers with at most this many errors (an expanded document may hold thousands). */
const MAX_CHECK_ERRORS = 100;

/** Below the service: when the CPUs are busy, calls go first and the load waits. */
const WORKER_NICE = 5;

if (process.send !== undefined) {
  lowerPriority();
  // The service ended (or was killed): nothing is waiting for this job any more.
  process.on('disconnect', () => process.exit(0));
  serve();
}

function lowerPriority(): void {
  try {
    setPriority(WORKER_NICE);
  } catch {
    // Not allowed or not supported here: the worker runs at the service's priority.
  }
}

function serve(): void {
  process.once('message', (job: WorkerJob) => {
    run(job).catch((error: unknown) => reply({ type: 'failed', error: toErrorData(error) }));
  });
}

async function run(job: WorkerJob): Promise<void> {
  if (job.type === 'check') return check(job.text, job.sourceName, job.options);
  const configs = parseFiles(await readRuleFilesOf(job.layout as RuleFileLayout, job.directoryMustExist));
  const compiled = compileRules(configs, { ...job.options, collectAll: false });
  if (compiled.snapshot === undefined) throw compiled.errors[0];
  const snapshot = compiled.snapshot as CompiledRuleSnapshot;
  reply({ type: 'loaded', configCount: configs.length, sources: [...snapshot.sourceMap] });
  const records = snapshotRecords(snapshot.rootMap);
  process.on('message', () =>
    reply({ type: 'records', json: JSON.stringify(take(records, RECORDS_PER_PIECE)) }),
  );
}

function check(text: string, sourceName: string, options: CompileOptions): void {
  const parsed = parseYamlConfig(sourceName, text);
  // A paste with errors is still compiled as far as it could be read, so every error shows at once.
  const readable = parsed.config ?? parsed.partial;
  const compiled = readable ? compileRules([readable], { ...options, collectAll: true }) : undefined;
  const errors = inFileOrder([...parsed.errors, ...(compiled?.errors ?? [])], [sourceName]);
  reply({
    type: 'checked',
    errors: errors.slice(0, MAX_CHECK_ERRORS).map(toErrorData),
    errorCount: errors.length,
    domains: errors.length === 0 ? (compiled?.snapshot?.describe() ?? []) : undefined,
  });
}

/** Parses every file; the first error fails the whole load. */
function parseFiles(files: readonly { key: string; text: string }[]): RawDomainConfig[] {
  return files.map((file) => {
    const { config, errors } = parseYamlConfig(file.key, file.text);
    if (errors.length > 0) throw errors[0];
    return config as RawDomainConfig;
  });
}

function take(records: Iterator<NodeRecord>, count: number): NodeRecord[] {
  const piece: NodeRecord[] = [];
  for (let next = records.next(); !next.done; next = records.next()) {
    piece.push(next.value);
    if (piece.length === count) break;
  }
  return piece;
}

function reply(message: WorkerReply): void {
  process.send?.(message);
}
