// Part `isolation` of `npm run bench -- ratelimit` (docs/benchmarks.md#isolation): no input from
// anyone may stall or fail other callers. For each hostile input (one row each), a new service,
// ordinary ShouldRateLimit calls at a steady open-loop rate on a few keys, their p99 alone and
// while the input is applied (goal: at most 1.5x), in alternating pairs of windows, and how many
// of them failed. Its own rounds (as many as BENCH_ROUNDS), rows rotated per round; the table
// gives the p99s over every round's windows pooled, and each round's ratio.
// BENCH_ISOLATION_SECONDS (window, 3), BENCH_ISOLATION_PAIRS (3), BENCH_ISOLATION_REST_SECONDS
// (after each window during, 3), BENCH_ISOLATION_WARMUP_SECONDS (2), BENCH_ISOLATION_RATE
// (ordinary calls/s, 400), BENCH_ISOLATION_INPUTS (comma-separated input names, default all)
// change the run.
import type { BenchPart } from './bench-rounds';
import { ALIAS_BOMB_LEVELS, MERGE_BOMB_LEVELS } from './hostile-actions';
import {
  failureCount,
  ISOLATION_GOAL_RATIO,
  isolationVerdict,
  poolTallies,
  p99Ratio,
  showFailures,
  showP99,
  showProbes,
  showRatio,
  showVerdict,
  tallyP99,
  type WindowTally,
} from './isolation-figures';
import { measureRow, type IsolationRow, type RowResult, type WindowOptions } from './isolation-measure';

const SECONDS = Number(process.env.BENCH_ISOLATION_SECONDS ?? 3);
const PAIRS = Number(process.env.BENCH_ISOLATION_PAIRS ?? 3);
const REST_SECONDS = Number(process.env.BENCH_ISOLATION_REST_SECONDS ?? 3);
const WARMUP_SECONDS = Number(process.env.BENCH_ISOLATION_WARMUP_SECONDS ?? 2);
const CALLS_PER_SECOND = Number(process.env.BENCH_ISOLATION_RATE ?? 400);
const INPUTS = (process.env.BENCH_ISOLATION_INPUTS ?? '').split(',').filter((name) => name !== '');
/** A lower cap than the default 256, for the flood row. */
const FLOOD_MAX_CONNECTIONS = 64;
const ORDINARY_KEYS = 4;
/** An ordinary call not answered within this has failed (Envoy's own default timeout is 20 ms). */
const DEADLINE_MS = 1000;

export function isolationRows(redisUrl: string): IsolationRow[] {
  const memory = { BACKEND_TYPE: 'memory' };
  const rows: IsolationRow[] = [
    { name: 'none (control)', input: 'none', env: memory },
    { name: 'sender burns one core (control)', input: 'cpu-burn', env: memory },
    { name: `alias bomb (${ALIAS_BOMB_LEVELS} levels), rules dir + check`, input: 'alias-bomb', env: memory },
    {
      name: `merge-key bomb (${MERGE_BOMB_LEVELS} levels), rules dir + check`,
      input: 'merge-key-bomb',
      env: memory,
    },
    // a 10 MB load lasts about 8 s on these machines: each window must hold all of it
    { name: '10 MB rules file (12 s windows)', input: 'big-rules-file', env: memory, windowSeconds: 12 },
    { name: '1 MB check paste', input: 'big-check-paste', env: memory },
    { name: 'pprof heap x3 + 20 CPU profiles', input: 'pprof', env: memory },
    { name: '100 x 1.3 MB descriptor values', input: 'big-descriptor-values', env: memory },
    {
      name: `connection flood (HTTP_MAX_CONNECTIONS=${FLOOD_MAX_CONNECTIONS})`,
      input: 'connection-flood',
      env: { ...memory, HTTP_MAX_CONNECTIONS: String(FLOOD_MAX_CONNECTIONS) },
    },
    { name: 'malformed gRPC + invalid UTF-8, 1000/s', input: 'malformed-grpc', env: memory },
    {
      name: 'Redis: hits_addend 2^53-1 x 1,025',
      input: 'redis-hits-addend',
      env: { BACKEND_TYPE: 'redis', REDIS_URL: redisUrl },
    },
  ];
  return INPUTS.length === 0 ? rows : rows.filter((row) => INPUTS.includes(row.input));
}

export function isolationPart(redisUrl: string, statsdPort: number): BenchPart {
  const rows = isolationRows(redisUrl);
  const options: WindowOptions = {
    warmupSeconds: WARMUP_SECONDS,
    seconds: SECONDS,
    pairs: PAIRS,
    restSeconds: REST_SECONDS,
    statsdPort,
    ordinary: {
      callsPerSecond: CALLS_PER_SECOND,
      deadlineMs: DEADLINE_MS,
      request: (n) => ({
        domain: 'bench',
        descriptors: [{ entries: [{ key: 'client_id', value: `ordinary-${n % ORDINARY_KEYS}` }] }],
      }),
    },
  };
  return {
    name: 'isolation',
    // its own measurements: a window without and one during each input, in one service
    measurements: [],
    report: async (rounds) => {
      console.log(
        `ordinary calls: ${CALLS_PER_SECOND}/s open loop on ${ORDINARY_KEYS} keys, deadline ${DEADLINE_MS} ms; ` +
          `${WARMUP_SECONDS} s warm-up, then ${PAIRS} pairs of ${SECONDS} s without and ${SECONDS} s during each ` +
          `input (${REST_SECONDS} s rest after each), pooled per side`,
      );
      const results = await measureRounds(rows, rounds.length, options);
      printTable(rows, results);
    },
  };
}

/** results[row][round] */
async function measureRounds(
  rows: IsolationRow[],
  rounds: number,
  options: WindowOptions,
): Promise<RowResult[][]> {
  const results = rows.map((): RowResult[] => []);
  for (let round = 1; round <= rounds; round++) {
    const start = (round - 1) % rows.length;
    const order = [...rows.keys()].slice(start).concat([...rows.keys()].slice(0, start));
    for (const index of order) {
      const result = await measureRow(rows[index], options);
      results[index].push(result);
      printRound(round, rows[index], result);
    }
  }
  return results;
}

const calls = (tally: WindowTally) => tally.latenciesMs.length + failureCount(tally);

function printRound(round: number, row: IsolationRow, result: RowResult) {
  const { without, during, input, survived, windowP99s } = result;
  const eachWindow = (p99s: number[]) => p99s.map((ms) => showP99(ms).replace(' ms', '')).join(', ');
  console.log(
    `round ${round} ${row.name.padEnd(52)} p99 ${showP99(tallyP99(without))} -> ${showP99(tallyP99(during))} ` +
      `= ${showRatio(p99Ratio(tallyP99(during), tallyP99(without)))}; calls ${calls(without)} / ${calls(during)}, ` +
      `failed ${showFailures(without)} / ${showFailures(during)}${survived ? '' : '; THE SERVICE EXITED'}`,
  );
  console.log(
    `        each window's p99 (ms): without ${eachWindow(windowP99s.without)}; during ${eachWindow(windowP99s.during)}`,
  );
  console.log(`        input: ${input.summary}`);
}

function printTable(rows: IsolationRow[], results: RowResult[][]): void {
  console.log(
    `\n| hostile input | p99 without | p99 during | during / without (goal <= ${ISOLATION_GOAL_RATIO}x) | ` +
      'rounds | failed ordinary calls during (per round) | /healthcheck probes answered 200 | service exited | goal |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const [index, row] of rows.entries()) {
    const rowResults = results[index];
    // every round's windows pooled: the p99 ranks over several times the calls of one round
    const without = tallyP99(poolTallies(rowResults.map((result) => result.without)));
    const during = tallyP99(poolTallies(rowResults.map((result) => result.during)));
    const ratios = rowResults.map((result) => p99Ratio(tallyP99(result.during), tallyP99(result.without)));
    const failed = rowResults.map((result) => failureCount(result.during));
    const inputFailures = rowResults.filter(({ inputFailed }) => inputFailed).length;
    const verdict = isolationVerdict(p99Ratio(during, without), failed, inputFailures);
    const exited = rowResults.filter(({ survived }) => !survived).length;
    console.log(
      `| ${row.name} | ${showP99(without)} | ${showP99(during)} | ${showRatio(verdict.ratio)} | ` +
        `${ratios.map(showRatio).join(', ')} | ${failed.map((count, r) => `${count} of ${calls(rowResults[r].during)}`).join(', ')} | ` +
        `${showProbes(rowResults.map(({ input }) => input.probes))} | ` +
        `${exited === 0 ? 'no' : `${exited} of ${rowResults.length} rounds`} | ${showVerdict(verdict)} |`,
    );
  }
  console.log('\nWhat each input got from the service, per round:');
  for (const [index, row] of rows.entries())
    for (const [round, result] of results[index].entries())
      console.log(`- ${row.name}, round ${round + 1}: ${result.input.summary}`);
}
