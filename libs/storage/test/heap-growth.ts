// Heap retained by a piece of work: heap used after a full garbage collection, before and after.
// For leaks that only show as memory (a Map iterator holding the Map's old tables); the figure
// is deterministic enough for a bound far from both outcomes (e.g. < 4 MiB against 15+ MiB).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

setFlagsFromString('--expose_gc');
const collectGarbage = runInNewContext('gc') as () => void;

function heapUsedMiB(): number {
  collectGarbage();
  return process.memoryUsage().heapUsed / 2 ** 20;
}

export async function heapGrowthMiB(work: () => void | Promise<void>): Promise<number> {
  const before = heapUsedMiB();
  await work();
  return heapUsedMiB() - before;
}
