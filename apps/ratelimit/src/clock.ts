// Time and randomness are injected, so tests control them (as envoy src/utils/time.go): the app owns one
// Clock and one Random, tests pass fixed ones, libraries receive `now()` / `random()` functions.

export interface Clock {
  /** Wall clock in epoch milliseconds. */
  nowMs(): number;
}

export interface Random {
  /** Uniform float in [0, 1). */
  next(): number;
}

export const CLOCK = Symbol('CLOCK');
export const RANDOM = Symbol('RANDOM');

export const systemClock: Clock = { nowMs: () => Date.now() };
export const systemRandom: Random = { next: () => Math.random() };
