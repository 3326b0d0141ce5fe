// The shapes the contract suites share (counter-store.contract.ts and the suites it runs): what
// a backend's test hands them and what it can do. Their own file so that the suites import them
// without importing each other back.
import type { CounterStore } from '@repo/storage';

/** Reads and shortens keys where the store wrote them (1-second windows: the per-second store). */
export interface RedisKeyInspector {
  /** PTTL: ms left, -1 without expiry, -2 missing. */
  pttl(key: string, windowSeconds: number): Promise<number>;
  get(key: string, windowSeconds: number): Promise<string | null>;
  pexpire(key: string, windowSeconds: number, ms: number): Promise<void>;
}

export type ExpiryBehaviour = 'set-on-create' | 'set-on-every-increment';

export interface ContractSubject {
  readonly store: CounterStore;
  /**
   * memcache semantics (docs/stores.md#memcache): a call answers `stored + addend` and increments
   * afterwards, so repeated keys in one call and concurrent callers read the same stored value.
   */
  readonly readsBeforeIncrement?: boolean;
  /** Fake clock (memory): move time forward. Real servers: undefined (expiry waits by polling). */
  readonly advanceClock?: (ms: number) => void;
  /** Real Redis (with traits.redisExpiry): the keys where the store wrote them. */
  readonly redisKeys?: RedisKeyInspector;
  /**
   * With traits.roundTripsPerCall: the store's round trips so far, as the backend lets a test see
   * them (Redis batch script calls in INFO commandstats, memcached multi-gets).
   */
  readonly countRoundTrips?: () => Promise<number>;
}

/** What a backend can do, known when the tests are registered (only applicable tests are). */
export interface ContractTraits {
  /** Runs token buckets; memcached does not. Default true. */
  readonly supportsTokenBuckets?: boolean;
  /** The factory's store runs on a fake clock (advanceClock). Default false. */
  readonly hasFakeClock?: boolean;
  /** Redis with subject.redisKeys (jitter 0): how the store sets expiries (expiry.contract.ts). */
  readonly redisExpiry?: ExpiryBehaviour;
  /**
   * Round trips (subject.countRoundTrips) of one countMany call holding items of every window:
   * one per server the call touches. Unset: the backend offers no count.
   */
  readonly roundTripsPerCall?: number;
}

export type ContractFactory = () => Promise<ContractSubject> | ContractSubject;
