// Parts of `npm run bench -- ratelimit` about what runs the service rather than what it does:
// `production` compares the production entry with the compiled tree it is bundled from, and with
// the bare grpc-js server; `node` compares the supported Node with the machine's own older one.
// One descriptor per call, 64 in flight, statistics on (the default), as in every part.
import { percent, reportMedian, type BenchPart, type Measurement, type Round } from './bench-rounds';
import { on, perCpu, perRound, pooledPerCpu, ratios } from './part-figures';
import { bareTarget, type Target } from './ratelimit-targets';
import { ONE_DESCRIPTOR } from './ratelimit-workloads';

const thousands = (value: number) => `${(value / 1000).toFixed(2)}k`;

/**
 * The production entry must cost no more per call than the compiled tree (goal >= 95 % of its
 * calls per server CPU-second) and, on the memory store, stay near the bare server (>= 85 %).
 * `stores` pairs [production, compiled] per store; the first pair is the memory store.
 */
export function productionPart(...stores: [production: Target, compiled: Target][]): BenchPart {
  const bare = on(bareTarget, ONE_DESCRIPTOR);
  const pairs = stores.map(([production, compiled]) => [
    on(production, ONE_DESCRIPTOR),
    on(compiled, ONE_DESCRIPTOR),
  ]);
  return {
    name: 'production',
    measurements: [bare, ...pairs.flat()],
    report: (rounds) => {
      for (const measurement of [bare, ...pairs.flat()])
        reportMedian(
          measurement.target.name,
          perRound(rounds, measurement, perCpu),
          'calls per server CPU-second',
          thousands,
        );
      for (const [production, compiled] of pairs) {
        const what = `of the compiled tree's calls per server CPU-second (goal >= 95 %)`;
        reportMedian(production.target.name, ratios(rounds, production, compiled, perCpu), what, percent);
        reportPooled(rounds, production, compiled, what);
      }
      for (const [index, measurement] of pairs[0].entries()) {
        const what = `of bare grpc-js's calls per server CPU-second${index === 0 ? ' (goal >= 85 %)' : ''}`;
        reportMedian(measurement.target.name, ratios(rounds, measurement, bare, perCpu), what, percent);
        reportPooled(rounds, measurement, bare, what);
      }
    },
  };
}

/** `name: <over's pooled figure over under's> <what> (pooled over <n> rounds)`. */
function reportPooled(rounds: Round[], over: Measurement, under: Measurement, what: string) {
  const ratio = pooledPerCpu(rounds, over) / pooledPerCpu(rounds, under);
  console.log(`${over.target.name}: ${percent(ratio)} ${what} (pooled over ${rounds.length} rounds)`);
}

/** The production entry on the supported Node beside the machine's own Node, same settings. */
export function nodePart(supported: Target, other: Target): BenchPart {
  const [ours, theirs] = [on(supported, ONE_DESCRIPTOR), on(other, ONE_DESCRIPTOR)];
  return {
    name: 'node',
    measurements: [ours, theirs],
    report: (rounds) => {
      for (const measurement of [ours, theirs])
        reportMedian(
          measurement.target.name,
          perRound(rounds, measurement, perCpu),
          'calls per server CPU-second',
          thousands,
        );
      reportMedian(
        `${supported.name} (Node ${process.versions.node})`,
        ratios(rounds, ours, theirs, perCpu),
        `of ${other.name}'s calls per server CPU-second`,
        percent,
      );
    },
  };
}
