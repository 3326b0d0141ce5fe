// The entry of the worker process that reads, parses and compiles rules
// (docs/rules.md#where-rules-are-compiled): the service only receives the result. A load's worker
// serves one load and ends, so the memory a large file took is given back; its snapshot goes back
// as records in pieces, the next piece sent when the service asks for it (see snapshot-records.ts).
// A check worker serves checks one after the other, and compares each paste with the lines in
// force that it asks the service for (docs/console.md#json-api).
import { compileRules, type CompileOptions } from '../compile-snapshot';
import { diffLimits, MAX_CHECK_CHANGES } from '../limit-changes';
import { limitLines } from '../limit-texts';
import type { CompiledRuleSnapshot } from '../compiled-rule-snapshot';
import { parseYamlConfig } from '../parse-yaml-config';
import type { RawDomainConfig } from '../raw-domain-config';
import { inFileOrder } from '../rule-config-error';
import { decodeRateLimitConfigs } from '../sources/decode-xds-resource';
import { readRuleFilesOf, type RuleFileLayout } from '../sources/read-rule-files';
import { collectGarbage } from './collect-garbage';
import { LOAD_NICE, lowerPriority } from './lower-priority';
import { snapshotRecords } from './snapshot-records';
import { takePiece } from './take-piece';
import { toErrorData, type LimitLines, type WorkerJob, type WorkerReply } from './worker-messages';

/** Records per piece: about a millisecond of the serving thread's time each. */
const RECORDS_PER_PIECE = 500;
/** A check answers with at most this many errors (an expanded document may hold thousands). */
const MAX_CHECK_ERRORS = 100;

/** The priority the service started this worker at (run-rules-worker.ts); a load's if none. */
const NICE = Number(process.argv[2] ?? LOAD_NICE);

if (process.send !== undefined) {
  lowerPriority(NICE);
  // The service ended (or was killed): nothing is waiting for this job any more.
  process.on('disconnect', () => process.exit(0));
  serve();
}

/** The running check's wait for the next piece of the lines in force it asked the service for. */
let onInForce: ((texts: LimitLines, done: boolean) => void) | undefined;

/** A check worker stays for the next check; a load's worker serves its one load. */
function serve(): void {
  const onJob = (job: WorkerJob) => {
    if (job.type === 'in-force') return onInForce?.(job.texts, job.done);
    if (job.type === 'check') return void checked(job.text, job.sourceName, job.options).then(reply);
    process.off('message', onJob);
    const configs = job.type === 'load' ? readAndParse(job) : decodeRateLimitConfigs(job.resources);
    configs
      .then((read) => sendCompiled(read, job.options))
      .catch((error: unknown) => reply({ type: 'failed', error: toErrorData(error) }));
  };
  process.on('message', onJob);
}

async function readAndParse(job: Extract<WorkerJob, { type: 'load' }>): Promise<RawDomainConfig[]> {
  return parseFiles(await readRuleFilesOf(job.layout as RuleFileLayout, job.directoryMustExist));
}

/** Compiles `configs` and sends the snapshot back in pieces, the next when the service asks. */
function sendCompiled(configs: readonly RawDomainConfig[], options: CompileOptions): void {
  const compiled = compileRules(configs, { ...options, collectAll: false });
  if (compiled.snapshot === undefined) throw compiled.errors[0];
  const snapshot = compiled.snapshot as CompiledRuleSnapshot;
  reply({ type: 'loaded', configCount: configs.length, sources: [...snapshot.sourceMap] });
  const records = snapshotRecords(snapshot.rootMap);
  process.on('message', () =>
    reply({ type: 'records', json: JSON.stringify(takePiece(records, RECORDS_PER_PIECE).items) }),
  );
}

type CheckReply = Extract<WorkerReply, { type: 'checked' | 'failed' }>;

/**
 * A check's answer, with the worker's resident memory so the service can end a worker grown large.
 * The paste's trees are garbage once the answer is made, and collected before the memory is read:
 * left to V8, a 1 MB paste still held 250-290 MB resident, past RETIRE_RSS_BYTES, so each such
 * check cost the serving thread a new process (docs/rules.md#where-rules-are-compiled).
 */
async function checked(text: string, sourceName: string, options: CompileOptions): Promise<CheckReply> {
  const reply = await check(text, sourceName, options);
  collectGarbage({ type: 'major', execution: 'sync' });
  return { ...reply, rssBytes: process.memoryUsage.rss() };
}

/**
 * Without errors the worker asks the service for the lines in force of the paste's domains and
 * compares them here.
 */
async function check(text: string, sourceName: string, options: CompileOptions): Promise<CheckReply> {
  try {
    const parsed = parseYamlConfig(sourceName, text);
    // A paste with errors is still compiled as far as it could be read, so every error shows at once.
    const readable = parsed.config ?? parsed.partial;
    const compiled = readable ? compileRules([readable], { ...options, collectAll: true }) : undefined;
    const errors = inFileOrder([...parsed.errors, ...(compiled?.errors ?? [])], [sourceName]);
    const answer = {
      type: 'checked',
      errors: errors.slice(0, MAX_CHECK_ERRORS).map(toErrorData),
      errorCount: errors.length,
    } as const;
    if (errors.length > 0) return { ...answer, changes: [], changeCount: 0 };
    const pasted = compiled?.snapshot;
    const inForce = new Map(await askInForce(pasted?.domains ?? []));
    const changes = diffLimits(inForce, new Map(limitLines(pasted?.limits() ?? [])), MAX_CHECK_CHANGES);
    return { ...answer, ...changes };
  } catch (error) {
    return { type: 'failed', error: toErrorData(error) };
  }
}

/** The lines in force of `domains`, asked for piece by piece. */
function askInForce(domains: readonly string[]): Promise<LimitLines> {
  const lines: LimitLines[number][] = [];
  return new Promise((resolve) => {
    onInForce = (texts, done) => {
      lines.push(...texts);
      if (!done) return reply({ type: 'more-in-force' });
      onInForce = undefined;
      resolve(lines);
    };
    reply({ type: 'describe-in-force', domains });
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

function reply(message: WorkerReply): void {
  process.send?.(message);
}
