// Parsers for variable values written the way the reference (Go, kelseyhightower/envconfig)
// reads them, so existing deployments keep their values: strconv.ParseBool, time.ParseDuration,
// `k:v,k2:v2` maps and comma lists. Each returns a result instead of throwing so the caller can
// collect every problem before reporting. At the end, the kinds of variable the schema
// (settings-schema.ts) is written in: each takes the raw text of a variable (or its default)
// and yields the typed value or the reason that becomes `NAME=value: <reason>`.

export type ParseResult<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly reason: string };

/** Raw text of a variable -> its value or the reason it is refused. */
export type ValueParser<T> = (raw: string) => ParseResult<T>;

const ok = <T>(value: T): ParseResult<T> => ({ ok: true, value });
const fail = <T>(reason: string): ParseResult<T> => ({ ok: false, reason });

const TRUE_WORDS = new Set(['1', 't', 'T', 'TRUE', 'true', 'True']);
const FALSE_WORDS = new Set(['0', 'f', 'F', 'FALSE', 'false', 'False']);

/** strconv.ParseBool: exactly these spellings, nothing else (no yes/no, no surrounding spaces). */
export function parseGoBool(raw: string): ParseResult<boolean> {
  if (TRUE_WORDS.has(raw)) return ok(true);
  if (FALSE_WORDS.has(raw)) return ok(false);
  return fail('invalid boolean (accepted: 1, t, T, TRUE, true, True, 0, f, F, FALSE, false, False)');
}

const NANOS_PER_UNIT: Readonly<Record<string, number>> = {
  ns: 1,
  us: 1e3,
  µs: 1e3, // U+00B5 micro sign
  μs: 1e3, // U+03BC Greek mu
  ms: 1e6,
  s: 1e9,
  m: 60e9,
  h: 3600e9,
};
const DURATION_PART = /^(\d*)(?:\.(\d*))?([^\d.]+)/;
const DURATION_HINT = 'invalid duration (Go syntax with a unit, e.g. 150us, 300ms, 10s, 1h30m, or 0)';

/**
 * time.ParseDuration, returning milliseconds (fractional below 1 ms: `150us` -> 0.15).
 * Negative durations are rejected: no setting here has a meaning for them.
 */
export function parseGoDuration(raw: string): ParseResult<number> {
  let rest = raw.trim();
  if (rest.startsWith('-')) return fail('must not be negative');
  if (rest.startsWith('+')) rest = rest.slice(1);
  if (rest === '0') return ok(0);
  if (rest === '') return fail(DURATION_HINT);
  let totalNanos = 0;
  while (rest !== '') {
    const part = DURATION_PART.exec(rest);
    const [whole = '', integer = '', fraction = '', unit = ''] = part ?? [];
    const nanosPerUnit = NANOS_PER_UNIT[unit];
    if (!part || (integer === '' && fraction === '') || nanosPerUnit === undefined)
      return fail(DURATION_HINT);
    const fractionNanos = fraction === '' ? 0 : Math.floor(Number(`0.${fraction}`) * nanosPerUnit);
    totalNanos += Number(integer || '0') * nanosPerUnit + fractionNanos;
    rest = rest.slice(whole.length);
  }
  return ok(totalNanos / 1e6);
}

const INTEGER = /^[+-]?\d+$/;
const FLOAT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

export function parseInteger(raw: string, min: number, max: number): ParseResult<number> {
  const text = raw.trim();
  if (!INTEGER.test(text)) return fail('invalid integer');
  return inRange(Number(text), min, max);
}

export function parseFloat64(raw: string, min: number, max: number): ParseResult<number> {
  const text = raw.trim();
  if (!FLOAT.test(text)) return fail('invalid number');
  return inRange(Number(text), min, max);
}

function inRange(value: number, min: number, max: number): ParseResult<number> {
  if (value < min || value > max) {
    return fail(max === Number.MAX_SAFE_INTEGER ? `must be >= ${min}` : `must be between ${min} and ${max}`);
  }
  return ok(value);
}

/** Comma list; items are trimmed and empty items dropped (`a, b,` -> [a, b]). */
export function parseList(raw: string): readonly string[] {
  return raw
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/**
 * `k:v,k2:v2` (separator ':') or `k=v,k2=v2` (separator '='). Splits each item at the first
 * separator, so values may contain it (header values, URLs). Empty text = empty map.
 */
export function parseMap(raw: string, separator: ':' | '='): ParseResult<Readonly<Record<string, string>>> {
  const map: Record<string, string> = {};
  for (const item of parseList(raw)) {
    const at = item.indexOf(separator);
    const key = at < 0 ? '' : item.slice(0, at).trim();
    if (key === '') return fail(`invalid map item '${item}' (expected key${separator}value)`);
    map[key] = item.slice(at + 1).trim();
  }
  return ok(map);
}

/** Case-insensitive choice; returns the canonical spelling from `choices`. */
export function parseChoice<T extends string>(raw: string, choices: readonly T[]): ParseResult<T> {
  const wanted = raw.trim().toLowerCase();
  const found = choices.find((choice) => choice.toLowerCase() === wanted);
  return found === undefined ? fail(`must be one of ${choices.join(', ')}`) : ok(found);
}

const MAX = Number.MAX_SAFE_INTEGER;

export const text: ValueParser<string> = ok;
export const bool: ValueParser<boolean> = parseGoBool;
/** Go duration -> milliseconds. */
export const duration: ValueParser<number> = parseGoDuration;
export const port: ValueParser<number> = (raw) => parseInteger(raw, 0, 65535);
export const list: ValueParser<readonly string[]> = (raw) => ok(parseList(raw));
/**
 * Comma list of host names or host:port (CONSOLE_ALLOWED_HOSTS), lower-cased. A scheme or a path
 * is a mistake worth saying at start rather than a name that silently never matches.
 */
export const hostNames: ValueParser<readonly string[]> = (raw) => {
  const hosts = parseList(raw).map((host) => host.toLowerCase());
  const bad = hosts.find((host) => !/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/.test(host));
  return bad === undefined
    ? ok(hosts)
    : fail(`'${bad}' is not a host name or host:port (no scheme, no path)`);
};
/** `k:v,k2:v2` */
export const colonMap: ValueParser<Readonly<Record<string, string>>> = (raw) => parseMap(raw, ':');
/** `k=v,k2=v2` */
export const equalsMap: ValueParser<Readonly<Record<string, string>>> = (raw) => parseMap(raw, '=');
export const integer =
  (min = 0, max = MAX): ValueParser<number> =>
  (raw) =>
    parseInteger(raw, min, max);
export const float =
  (min = 0, max = MAX): ValueParser<number> =>
  (raw) =>
    parseFloat64(raw, min, max);
export const choice =
  <T extends string>(...choices: T[]): ValueParser<T> =>
  (raw) =>
    parseChoice(raw, choices);

// The parsers of one variable each.

/** BACKEND_TYPE: `memcached` is accepted as another spelling of `memcache`. */
export function backendType(raw: string): ParseResult<'redis' | 'memcache' | 'memory'> {
  const result = parseChoice(raw, ['redis', 'memcache', 'memcached', 'memory']);
  if (!result.ok) return result;
  return ok(result.value === 'memcached' ? 'memcache' : result.value);
}

/** KV_INCREMENT_SCRIPT: `auto`, or a Go boolean (true = `on`, false = `off`). */
export function autoOrBool(raw: string): ParseResult<'auto' | 'on' | 'off'> {
  if (raw.trim().toLowerCase() === 'auto') return ok('auto');
  const result = parseGoBool(raw);
  if (!result.ok) return fail('must be auto, true or false');
  return ok(result.value ? 'on' : 'off');
}

const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'warning', 'error', 'fatal', 'panic'] as const;
export type LogrusLevel = Exclude<(typeof LOG_LEVELS)[number], 'warn'>;

/** LOG_LEVEL: logrus.ParseLevel names; `warn` is logrus's other spelling of `warning`. */
export function logLevel(raw: string): ParseResult<LogrusLevel> {
  const result = parseChoice(raw, LOG_LEVELS);
  if (!result.ok) return result;
  return ok(result.value === 'warn' ? 'warning' : result.value);
}

/**
 * KV_POOL_ON_EMPTY_BEHAVIOR: the reference's pool (radix v4) always waits for a free connection;
 * CREATE and ERROR made it panic at start, so we reject them with the reason instead.
 */
export function poolOnEmptyBehavior(raw: string): ParseResult<'WAIT'> {
  const upper = raw.trim().toUpperCase();
  if (upper === 'WAIT') return ok('WAIT');
  if (upper === 'CREATE' || upper === 'ERROR') {
    return fail(
      `${upper} is not supported: the pool always waits for a free connection; remove the setting or set WAIT (KV_TIMEOUT bounds the wait)`,
    );
  }
  return fail('must be WAIT');
}
