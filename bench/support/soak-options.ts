// Command line of `npm run soak -- --minutes N [...]`: every option has a default, a bad value is
// an error naming the option (the run is long, so a typo must not cost ten minutes).

export type SoakStore = 'memory' | 'redis';

export interface SoakOptions {
  readonly minutes: number;
  readonly store: SoakStore;
  /** Pace of the gRPC load; 0 = as fast as the service answers. */
  readonly callsPerSecond: number;
  readonly inFlight: number;
  readonly sampleSeconds: number;
  /** Samples before this are warm-up: not part of the growth figures. */
  readonly warmupMinutes: number;
  readonly outDir: string;
  /** Set: no run; the growth and the plot again from <fromDir>/samples.json of an earlier run. */
  readonly fromDir: string | undefined;
}

export const SOAK_USAGE = `usage: npm run soak -- [--minutes N] [--store memory|redis] [--rps N] [--in-flight N]
                       [--sample-seconds N] [--warmup-minutes N] [--out DIR] [--from DIR]
  --minutes          length of the run (default 10)
  --store            counter store of the service: memory (default) or redis (a redis-server is started)
  --rps              gRPC calls per second (default 2000; 0 = as fast as the service answers)
  --in-flight        gRPC calls outstanding at once (default 16)
  --sample-seconds   time between samples (default 5)
  --warmup-minutes   samples before this are not compared (default 2, at most half the run)
  --out              folder for samples.csv, samples.json, soak.svg and soak.png (default .tmp/soak)
  --from             no run: the growth figures and the plot again from DIR/samples.json, written to DIR`;

export class SoakOptionsError extends Error {
  override readonly name = 'SoakOptionsError';
}

const NUMBER_OPTIONS = {
  '--minutes': { key: 'minutes', min: 0.1 },
  '--rps': { key: 'callsPerSecond', min: 0 },
  '--in-flight': { key: 'inFlight', min: 1 },
  '--sample-seconds': { key: 'sampleSeconds', min: 1 },
  '--warmup-minutes': { key: 'warmupMinutes', min: 0 },
} as const;

export function parseSoakOptions(args: readonly string[]): SoakOptions {
  const values: Record<string, number | string | undefined> = {};
  for (let i = 0; i < args.length; i += 2) {
    const [name, raw] = [args[i], args[i + 1]];
    if (raw === undefined || raw.startsWith('--')) throw new SoakOptionsError(`${name} needs a value`);
    if (name === '--store') {
      if (raw !== 'memory' && raw !== 'redis')
        throw new SoakOptionsError(`--store=${raw}: must be memory or redis`);
      values.store = raw;
    } else if (name === '--out' || name === '--from') {
      values[name === '--out' ? 'outDir' : 'fromDir'] = raw;
    } else if (name in NUMBER_OPTIONS) {
      const { key, min } = NUMBER_OPTIONS[name as keyof typeof NUMBER_OPTIONS];
      const value = Number(raw);
      if (raw.trim() === '' || !Number.isFinite(value) || value < min)
        throw new SoakOptionsError(`${name}=${raw}: must be a number >= ${min}`);
      values[key] = value;
    } else {
      throw new SoakOptionsError(`unknown option ${name}`);
    }
  }
  const minutes = (values.minutes as number | undefined) ?? 10;
  return {
    minutes,
    store: (values.store as SoakStore | undefined) ?? 'memory',
    callsPerSecond: (values.callsPerSecond as number | undefined) ?? 2000,
    inFlight: Math.floor((values.inFlight as number | undefined) ?? 16),
    sampleSeconds: (values.sampleSeconds as number | undefined) ?? 5,
    warmupMinutes: Math.min((values.warmupMinutes as number | undefined) ?? 2, minutes / 2),
    outDir: (values.outDir as string | undefined) ?? '.tmp/soak',
    fromDir: values.fromDir as string | undefined,
  };
}
