// Redis's answer for one key of a batch: a value, or an error that belongs to that key alone
// (docs/stores.md#an-error-on-one-key): a key someone set by hand to a hash (WRONGTYPE) or to text
// (not an integer) fails the calls that count on it, never the rest of the batch. An INCRBY past
// Redis's 64-bit range is not an error but a saturated counter (saturate-count.ts).
import { COUNTER_CEILING, parseStoredCount, saturateCount } from '../saturate-count';
import { StoreUnavailableError } from '../store-unavailable-error';

/** One token bucket take's answer. */
export interface TakeReply {
  readonly isAllowed: boolean;
  readonly tatBeforeMs: number;
}

/** A value, or the failure of its key (which fails only the calls that asked for that key). */
export type KeyAnswer<T> = T | StoreUnavailableError;

const OVERFLOW = /increment or decrement would overflow/;
/** How much of a hand-written value an error message quotes. */
const QUOTED_CHARACTERS = 40;

/**
 * An error Redis answered for one command (ioredis' ReplyError, nested ones in a script's reply
 * too; told by name, so this file does not load ioredis). Anything else (a closed connection, a
 * timeout) is no key's fault and fails the whole batch.
 */
export function isReplyError(error: unknown): error is Error {
  return error instanceof Error && error.name === 'ReplyError';
}

/** The error of one key's command: its key's failure when Redis answered it, else thrown. */
function commandFailure(key: string, error: Error): StoreUnavailableError {
  if (!isReplyError(error)) throw error;
  return keyFailure(key, error.message, error);
}

/** The failure of one key, naming it; `reason` is Redis's error or what the key holds. */
export function keyFailure(key: string, reason: string, cause?: unknown): StoreUnavailableError {
  return new StoreUnavailableError('redis', `cannot count key ${JSON.stringify(key)}: ${reason}`, { cause });
}

export function isKeyFailure<T>(answer: KeyAnswer<T>): answer is StoreUnavailableError {
  return answer instanceof StoreUnavailableError;
}

/** INCRBY's reply or error: the count, saturated; an overflowing INCRBY is a saturated counter. */
export function incrementAnswer(key: string, reply: unknown): KeyAnswer<number> {
  if (reply instanceof Error) {
    return OVERFLOW.test(reply.message) ? COUNTER_CEILING : commandFailure(key, reply);
  }
  return saturateCount(Number(reply));
}

/** A GET of a counter or a TAT, or its error: missing is 0, text that is no number fails the key. */
export function storedCountAnswer(key: string, reply: unknown): KeyAnswer<number> {
  if (reply instanceof Error) return commandFailure(key, reply);
  if (reply === null || reply === undefined) return 0;
  const text = String(reply);
  const count = parseStoredCount(text);
  if (count !== undefined) return count;
  const quoted = text.length > QUOTED_CHARACTERS ? `${text.slice(0, QUOTED_CHARACTERS)}...` : text;
  return keyFailure(key, `it holds ${JSON.stringify(quoted)}, which is not a number`);
}

/** A token bucket script's [allowed, TAT], or its error (a whole reply or its first element). */
export function takeAnswer(key: string, allowed: unknown, tat: unknown): KeyAnswer<TakeReply> {
  if (allowed instanceof Error) return commandFailure(key, allowed);
  return { isAllowed: Number(allowed) === 1, tatBeforeMs: Number(tat) };
}

/** A GET's value for a caller that needs all of them (getMany): throws the first key's failure. */
export function storedCountOrThrow(key: string, reply: unknown): number {
  const answer = storedCountAnswer(key, reply);
  if (isKeyFailure(answer)) throw answer;
  return answer;
}
