import { Writable } from 'node:stream';
import { pino } from 'pino';

/** A pino logger that keeps warnings and errors in `lines` (silent without it). */
export function captureLogs(lines: string[] | undefined) {
  if (lines === undefined) return pino({ level: 'silent' });
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return pino({ level: 'warn' }, sink);
}
