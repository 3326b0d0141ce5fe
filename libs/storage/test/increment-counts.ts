import type { CounterIncrement, CounterStore } from '@repo/storage';

/** Fixed-window increments through countMany (the stores' one entry point): the counts after each. */
export async function incrementCounts(
  store: Pick<CounterStore, 'countMany'>,
  increments: readonly CounterIncrement[],
): Promise<number[]> {
  return (await store.countMany(increments)).map((outcome) => outcome.count);
}
