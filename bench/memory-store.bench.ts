// `npm run bench -- memory-store`: what a counter of the memory store costs (MEMORY_MAX_BYTES).
// For each key shape, N counters are created; the heap used after a full GC, before and after,
// divided by N, is set beside what the store counts for them (memoryEntryBytes), and the
// process's RSS growth is printed. Then the CPU per countMany call: a known key, a new key in a
// store full by bytes (accounting + one eviction), and a 1.3 MB key (hashed to its digest).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { MemoryCounterStore } from '@repo/storage';

setFlagsFromString('--expose_gc');
const collectGarbage = runInNewContext('gc') as () => void;
const WINDOW_START = 1_700_000_040;

interface Shape {
  readonly name: string;
  readonly count: number;
  readonly value: (i: number) => string;
}

const LONG_VALUE = 'x'.repeat(1_300_000);
const SHAPES: readonly Shape[] = [
  { name: 'ordinary (~35 chars)', count: 200_000, value: (i) => `10.0.${i >> 8}.${i & 255}` },
  // 14 + 225 + 11 = 250 characters: the longest key kept as it is.
  { name: '250 chars, Latin-1', count: 200_000, value: (i) => String(i).padEnd(225, 'ü') },
  { name: '250 chars, two-byte', count: 200_000, value: (i) => String(i).padEnd(225, '€') },
  { name: '1.3 MB value (digest)', count: 2_000, value: (i) => LONG_VALUE + i },
];

const keyOf = (value: string) => 'rl_bench_user_' + value + '_' + WINDOW_START;

function createStore(maxKeys: number, maxBytes: number): MemoryCounterStore {
  return new MemoryCounterStore({
    backend: 'memory',
    maxKeys,
    maxBytes,
    now: () => 1_700_000_000_000,
    random: () => 0,
    jitterMaxSeconds: 0,
  });
}

function heapUsed(): number {
  collectGarbage();
  collectGarbage();
  return process.memoryUsage().heapUsed;
}

async function measureShape(shape: Shape): Promise<void> {
  const store = createStore(10_000_000, 2 ** 40);
  const heapBefore = heapUsed();
  const rssBefore = process.memoryUsage().rss;
  for (let i = 0; i < shape.count; i++)
    await store.countMany([{ key: keyOf(shape.value(i)), addend: 1, windowSeconds: 3600 }]);
  const heapPerEntry = (heapUsed() - heapBefore) / shape.count;
  const rssMiB = (process.memoryUsage().rss - rssBefore) / 2 ** 20;
  const counted = store.bytes / shape.count;
  console.log(
    `${shape.name.padEnd(24)} ${shape.count} counters: heap ${heapPerEntry.toFixed(0)} B/entry,` +
      ` counted ${counted.toFixed(0)} B/entry (${((100 * counted) / heapPerEntry).toFixed(0)} %), RSS +${rssMiB.toFixed(0)} MiB`,
  );
  await store.close();
}

async function cpuPerCall(name: string, calls: number, call: (i: number) => Promise<unknown>): Promise<void> {
  const before = process.cpuUsage();
  for (let i = 0; i < calls; i++) await call(i);
  const used = process.cpuUsage(before);
  console.log(`${name.padEnd(48)} ${(((used.user + used.system) * 1000) / calls).toFixed(0)} ns CPU/call`);
}

async function main(): Promise<void> {
  for (const shape of SHAPES) await measureShape(shape);
  const hot = createStore(1_000_000, 64 * 2 ** 20);
  await cpuPerCall('known key', 1_000_000, () =>
    hot.countMany([{ key: keyOf('10.0.0.1'), addend: 1, windowSeconds: 60 }]),
  );
  const full = createStore(1_000_000, 1 * 2 ** 20); // full by bytes after ~5k keys
  await cpuPerCall('new key, store full by bytes (evicts one)', 1_000_000, (i) =>
    full.countMany([
      { key: keyOf(`10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`), addend: 1, windowSeconds: 60 },
    ]),
  );
  const long = createStore(1_000_000, 64 * 2 ** 20);
  await cpuPerCall('1.3 MB key (SHA-256 to the digest)', 500, (i) =>
    long.countMany([{ key: keyOf(LONG_VALUE + i), addend: 1, windowSeconds: 60 }]),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
