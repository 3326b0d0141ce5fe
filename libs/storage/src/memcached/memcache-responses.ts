// Parsers of the memcached text-protocol replies we use (get, incr, add). Each takes the receive
// buffer and the offset of the reply, and returns the parsed value with the offset after it, or
// undefined when the reply is not complete yet.

export interface Parsed<T> {
  readonly value: T;
  readonly end: number;
}

export type ReplyParser<T> = (buffer: Buffer, offset: number) => Parsed<T> | undefined;

/** A reply that is an error (ERROR, CLIENT_ERROR ..., SERVER_ERROR ...) or not what we expected. */
export class MemcacheReplyError extends Error {
  override readonly name = 'MemcacheReplyError';
}

function readLine(buffer: Buffer, offset: number): Parsed<string> | undefined {
  const end = buffer.indexOf('\r\n', offset, 'latin1');
  if (end < 0) return undefined;
  return { value: buffer.toString('utf8', offset, end), end: end + 2 };
}

function unexpected(line: string, command: string): MemcacheReplyError {
  return new MemcacheReplyError(`memcached answered ${JSON.stringify(line)} to ${command}`);
}

/** `get k1 k2 ...`: VALUE <key> <flags> <bytes> / data lines, then END. Missing keys are absent. */
export const parseGetReply: ReplyParser<Map<string, string>> = (buffer, offset) => {
  const values = new Map<string, string>();
  let position = offset;
  for (;;) {
    const line = readLine(buffer, position);
    if (line === undefined) return undefined;
    if (line.value === 'END') return { value: values, end: line.end };
    const header = /^VALUE (\S+) \d+ (\d+)/.exec(line.value);
    if (header === null) throw unexpected(line.value, 'get');
    const dataEnd = line.end + Number(header[2]);
    if (buffer.length < dataEnd + 2) return undefined;
    values.set(header[1], buffer.toString('utf8', line.end, dataEnd));
    position = dataEnd + 2;
  }
};

/** `incr k n`: the new value, or undefined for NOT_FOUND. */
export const parseIncrReply: ReplyParser<number | undefined> = (buffer, offset) => {
  const line = readLine(buffer, offset);
  if (line === undefined) return undefined;
  if (line.value === 'NOT_FOUND') return { value: undefined, end: line.end };
  if (!/^\d+$/.test(line.value)) throw unexpected(line.value, 'incr');
  return { value: Number(line.value), end: line.end };
};

/** `add ...`: true for STORED, false for NOT_STORED (the key exists). */
export const parseStoreReply: ReplyParser<boolean> = (buffer, offset) => {
  const line = readLine(buffer, offset);
  if (line === undefined) return undefined;
  if (line.value === 'STORED') return { value: true, end: line.end };
  if (line.value === 'NOT_STORED') return { value: false, end: line.end };
  throw unexpected(line.value, 'add');
};
