// What the `isolation` part's hostile sender (hostile-sender.ts, a process of its own) does to
// the service, one input per row: each is prepared (its bytes built) before the measured window,
// then applied until the window ends, once per window of the input (the same input again each time,
// with new keys where a key would otherwise already exist); requests still unanswered a second
// later are abandoned and counted as `no answer` (gRPC: DEADLINE_EXCEEDED).
// Each returns one line saying what the input got from the service.
import { writeFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createFaultClient, type FaultClient, type Outcome } from '../../apps/ratelimit/load/fault-client';
import {
  bigDescriptorValue,
  HITS_ADDEND_MAX,
  invalidUtf8RlsMessage,
  truncatedRlsMessage,
} from '../../apps/ratelimit/load/hostile-bench-inputs';
import { aliasBombYaml, largeRulesYaml, mergeKeyBombYaml } from '../../apps/ratelimit/load/hostile-rules';
import { floodConnections, type ProbeTally } from './connection-flood';
import { answerWithinMs, countBy, getText, postYaml, repeatUntil, show } from './hostile-requests';

export interface HostileTarget {
  readonly grpcAddress: string;
  readonly httpUrl: string;
  readonly debugUrl: string;
  /** The rules directory the service watches, and a folder beside it for atomic writes. */
  readonly rulesPath: string;
  readonly scratchPath: string;
  /** The service's HTTP_MAX_CONNECTIONS. */
  readonly maxConnections: number;
}

/** What an input got from the service: one line, and for the flood the health probes' answers. */
export interface InputReport {
  readonly summary: string;
  readonly probes?: ProbeTally;
}

/** Applies the input until performance.now() reaches `untilMs`; resolves with what it saw. */
export type HostileAction = (untilMs: number) => Promise<InputReport>;
type SummaryAction = (untilMs: number) => Promise<string>;
const summaryOnly =
  (action: SummaryAction): HostileAction =>
  async (untilMs) => ({ summary: await action(untilMs) });

const MB = 1_000_000;
export const ALIAS_BOMB_LEVELS = 5;
export const MERGE_BOMB_LEVELS = 16;
const BIG_RULES_BYTES = 10 * MB;
/** Under the console's 1 MiB body cap, so the paste is read and checked, not refused. */
const BIG_PASTE_BYTES = MB;
const BIG_VALUE_CALLS = 100;
const BIG_VALUE_BYTES = 1_300_000;
const MALFORMED_PER_SECOND = 1000;
const HITS_ADDEND_CALLS = 1025;

export const HOSTILE_INPUTS = {
  /** The control row: two windows of ordinary calls alone, the noise floor of the ratio. */
  none: () =>
    summaryOnly(async (untilMs) => {
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, untilMs - performance.now())));
      return 'nothing sent (control row)';
    }),
  /** A second control: the sender only keeps one core busy, as an attacker's process would. */
  'cpu-burn': () => summaryOnly(burnOneCore),
  'alias-bomb': (target: HostileTarget) => summaryOnly(bombRules(target, aliasBombYaml(ALIAS_BOMB_LEVELS))),
  'merge-key-bomb': (target: HostileTarget) =>
    summaryOnly(bombRules(target, mergeKeyBombYaml(MERGE_BOMB_LEVELS))),
  'big-rules-file': (target: HostileTarget) => summaryOnly(bigRulesFile(target)),
  'big-check-paste': (target: HostileTarget) => summaryOnly(bigCheckPaste(target)),
  pprof: (target: HostileTarget) => summaryOnly(pprof(target)),
  'big-descriptor-values': (target: HostileTarget) => summaryOnly(bigDescriptorValues(target)),
  'connection-flood':
    (target: HostileTarget): HostileAction =>
    (untilMs) =>
      floodConnections(target.httpUrl, target.maxConnections, untilMs),
  'malformed-grpc': (target: HostileTarget) => summaryOnly(malformedGrpc(target)),
  'redis-hits-addend': (target: HostileTarget) => summaryOnly(redisHitsAddend(target)),
} satisfies Record<string, (target: HostileTarget) => HostileAction>;

export type HostileInputName = keyof typeof HOSTILE_INPUTS;

/** Busy for the whole window, in 50 ms slices so the sender still hears its parent. */
async function burnOneCore(untilMs: number): Promise<string> {
  while (performance.now() < untilMs) {
    const sliceEndMs = Math.min(untilMs, performance.now() + 50);
    while (performance.now() < sliceEndMs);
    await new Promise((resolve) => setImmediate(resolve));
  }
  return 'one core kept busy by the sender (control row)';
}

/** Replaces a rules file at once (written beside the directory, then renamed into it). */
function dropRules(target: HostileTarget, name: string, yaml: string): void {
  const temporary = join(target.scratchPath, `.${name}.tmp`);
  writeFileSync(temporary, yaml);
  renameSync(temporary, join(target.rulesPath, name));
}

/** The bomb dropped into the rules directory as x.yaml, and posted to the console's check, 2 at a time. */
function bombRules(target: HostileTarget, yaml: string): SummaryAction {
  return async (untilMs) => {
    dropRules(target, 'x.yaml', yaml);
    const check = `${target.debugUrl}/console/api/check`;
    const answers = await repeatUntil(untilMs, 2, () => postYaml(check, yaml, untilMs));
    return `x.yaml (${yaml.length} bytes) dropped into the rules directory; POST /console/api/check: ${show(answers)}`;
  };
}

/**
 * A 10 MB rules file dropped into the rules directory as x.yaml, of another domain than the window
 * before, so each window is a whole new load; then nothing until the window ends.
 */
function bigRulesFile(target: HostileTarget): SummaryAction {
  const files = ['x', 'z'].map((domain) => largeRulesYaml(BIG_RULES_BYTES, domain));
  let windowsBefore = 0;
  return async (untilMs) => {
    const file = files[windowsBefore++ % files.length];
    dropRules(target, 'x.yaml', file);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, untilMs - performance.now())));
    return `x.yaml (${file.length} bytes) dropped into the rules directory`;
  };
}

/** A 1 MB paste posted to the console's check, one at a time, until the window ends. */
function bigCheckPaste(target: HostileTarget): SummaryAction {
  const paste = largeRulesYaml(BIG_PASTE_BYTES, 'y');
  return async (untilMs) => {
    const check = `${target.debugUrl}/console/api/check`;
    const answers = await repeatUntil(untilMs, 1, () => postYaml(check, paste, untilMs));
    return `POST /console/api/check of ${paste.length} bytes: ${show(answers)}`;
  };
}

/** Heap snapshots three at a time throughout, and 20 CPU profiles of 3 s started at once. */
function pprof(target: HostileTarget): SummaryAction {
  return async (untilMs) => {
    const profiles = Promise.all(
      Array.from({ length: 20 }, () => getText(`${target.debugUrl}/debug/pprof/profile?seconds=3`, untilMs)),
    );
    const heaps = await repeatUntil(untilMs, 3, () =>
      getText(`${target.debugUrl}/debug/pprof/heap`, untilMs),
    );
    return `GET /debug/pprof/heap x3: ${show(heaps)}; 20 x GET /debug/pprof/profile?seconds=3: ${show(countBy(await profiles))}`;
  };
}

/** 100 calls, 10 in flight, each with a distinct 1.3 MB value of the limited key (new ones each window). */
function bigDescriptorValues(target: HostileTarget): SummaryAction {
  let windowsBefore = 0;
  return (untilMs) =>
    withClient(target, async (client) => {
      const first = windowsBefore++ * BIG_VALUE_CALLS;
      let next = 0;
      const outcomes: string[] = [];
      const request = (n: number) => ({
        domain: 'bench',
        descriptors: [
          { entries: [{ key: 'limited', value: bigDescriptorValue(first + n, BIG_VALUE_BYTES) }] },
        ],
      });
      await Promise.all(
        Array.from({ length: 10 }, async () => {
          while (next < BIG_VALUE_CALLS && performance.now() < untilMs)
            outcomes.push(code(await client.call(request(next++), answerWithinMs(untilMs))));
        }),
      );
      return `${outcomes.length} of ${BIG_VALUE_CALLS} calls of ${BIG_VALUE_BYTES} bytes made: ${show(countBy(outcomes))}`;
    });
}

/** `0a 7f 61` and a descriptor value of invalid UTF-8, alternately, 1000 a second (open loop). */
function malformedGrpc(target: HostileTarget): SummaryAction {
  const messages = [truncatedRlsMessage(), invalidUtf8RlsMessage('bench', 'client_id')];
  return (untilMs) =>
    withClient(target, async (client) => {
      const calls: Promise<string>[] = [];
      const startedAt = performance.now();
      for (let now = startedAt; now < untilMs; now = performance.now()) {
        const due = Math.floor(((now - startedAt) * MALFORMED_PER_SECOND) / 1000);
        while (calls.length < due)
          calls.push(client.callRaw(messages[calls.length % 2], answerWithinMs(untilMs)).then(code));
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      return `${calls.length} malformed messages: ${show(countBy(await Promise.all(calls)))}`;
    });
}

/** 1,025 calls, 16 in flight, of hits_addend 2^53-1 on one new key of the limited `hot`. */
function redisHitsAddend(target: HostileTarget): SummaryAction {
  const request = {
    domain: 'bench',
    descriptors: [
      {
        entries: [{ key: 'hot', value: `hot-${process.pid}-${Date.now()}` }],
        hitsAddend: { value: HITS_ADDEND_MAX },
      },
    ],
  };
  return (untilMs) =>
    withClient(target, async (client) => {
      let next = 0;
      const outcomes: string[] = [];
      await Promise.all(
        Array.from({ length: 16 }, async () => {
          while (next < HITS_ADDEND_CALLS && performance.now() < untilMs) {
            next++; // before the await: the 16 loops share the count
            outcomes.push(code(await client.call(request, answerWithinMs(untilMs))));
          }
        }),
      );
      return `${outcomes.length} of ${HITS_ADDEND_CALLS} calls of hits_addend ${HITS_ADDEND_MAX}: ${show(countBy(outcomes))}`;
    });
}

async function withClient<T>(target: HostileTarget, use: (client: FaultClient) => Promise<T>): Promise<T> {
  const client = createFaultClient(target.grpcAddress, { 'grpc.use_local_subchannel_pool': 1 });
  try {
    return await use(client);
  } finally {
    client.close();
  }
}

const code = (outcome: Outcome) => outcome.code;
