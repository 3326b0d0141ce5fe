// Where log lines go. JSON needs nothing special; text re-renders each pino record as a logrus line
// (pino always serializes JSON, and pino-pretty is far heavier than this small formatter; log
// volume is low: default level warning, hot-path debug logs are level-guarded).
import type { DestinationStream } from 'pino';
import { formatTextLine, type TextRecord } from './format-text-line';

/** Anything with write(text), e.g. process.stdout or a test's collecting stream. */
export interface LineSink {
  write(text: string): unknown;
}

export function createTextDestination(out: LineSink): DestinationStream {
  return {
    write(chunk: string): void {
      for (const json of chunk.split('\n')) {
        if (json !== '') out.write(`${formatTextLine(parseRecord(json))}\n`);
      }
    },
  };
}

function parseRecord(json: string): TextRecord {
  try {
    return JSON.parse(json) as TextRecord;
  } catch {
    return { msg: json };
  }
}
