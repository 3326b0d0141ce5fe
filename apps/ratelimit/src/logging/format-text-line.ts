// One log record -> one logrus text line: `time="<RFC3339>" level=<level> msg=<message>` followed by
// the other fields sorted by key, ` key=value`. Values are quoted exactly when logrus quotes them
// (any character outside [A-Za-z0-9-._/@^+]), so logfmt parsers read our lines like Envoy's.
import { formatRfc3339 } from './format-timestamp';

/** The JSON record pino writes in text mode: `time` epoch ms, `level` already a logrus name. */
export interface TextRecord {
  readonly time?: number;
  readonly level?: string;
  readonly msg?: unknown;
  readonly [field: string]: unknown;
}

const BARE_VALUE = /^[A-Za-z0-9\-._/@^+]*$/;

export function formatTextLine(record: TextRecord): string {
  const { time, level, msg, ...fields } = record;
  let line = `time=${quote(formatRfc3339(time ?? Date.now()))} level=${quote(level ?? 'info')} msg=${quote(render(msg ?? ''))}`;
  for (const key of Object.keys(fields).sort()) {
    line += ` ${key}=${quote(render(fields[key]))}`;
  }
  return line;
}

function quote(text: string): string {
  return BARE_VALUE.test(text) ? text : JSON.stringify(text);
}

/** Strings as they are; serialized errors by their message (logrus prints error.Error()). */
function render(value: unknown): string {
  if (typeof value === 'string') return value;
  if (isSerializedError(value)) return value.message;
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function isSerializedError(value: unknown): value is { message: string } {
  return (
    value !== null &&
    typeof value === 'object' &&
    typeof (value as { message?: unknown }).message === 'string' &&
    typeof (value as { stack?: unknown }).stack === 'string'
  );
}
