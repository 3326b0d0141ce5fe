// Parsers for variable values written the way the reference (Go, kelseyhightower/envconfig) reads
// them, so existing deployments keep their values: strconv.ParseBool, time.ParseDuration, `k:v`
// maps, comma lists. Each returns a result instead of throwing, so every problem is collected
// before reporting; the reason becomes `NAME=value: <reason>`. Then the kinds of value the schema
// (settings-schema.ts) is written in, and the parsers of one variable each.

export type ParseResult<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly reason: string };
export type ValueParser<T> = (raw: string) => ParseResult<T>;

const ok = <T>(value: T): ParseResult<T> => ({ ok: true, value });
const fail = <T>(reason: string): ParseResult<T> => ({ ok: false, reason });

const TRUE_WORDS = new Set(['1', 't', 'T', 'TRUE', 'true', 'True']);
const FALSE_WORDS = new Set(['0', 'f', 'F', 'FALSE', 'false', 'False']);

/** strconv.ParseBool: exactly these spellings, nothing else (no yes/no, no surrounding spaces). */
export function parseGoBool(raw: string): ParseResult<boolean> {
  if (TRUE_WORDS.has(raw) || FALSE_WORDS.has(raw)) return ok(TRUE_WORDS.has(raw));
  return fail('invalid boolean (accepted: 1, t, T, TRUE, true, True, 0, f, F, FALSE, false, False)');
}

// U+00B5 micro sign and U+03BC Greek mu both spell microseconds.
// prettier-ignore
const NANOS_PER_UNIT: Readonly<Record<string, number>> = { ns: 1, us: 1e3, µs: 1e3, μs: 1e3, ms: 1e6, s: 1e9, m: 60e9, h: 3600e9 };
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

/** A Go duration of at least 1 ms (a period a timer runs at: Node's timers do not go below 1 ms). */
export function parseTimerPeriod(raw: string): ParseResult<number> {
  const result = parseGoDuration(raw);
  return result.ok && result.value < 1 ? fail('must be at least 1ms') : result;
}

const number = (pattern: RegExp, reason: string) => (raw: string, min: number, max: number) => {
  const text = raw.trim();
  if (!pattern.test(text)) return fail<number>(reason);
  const value = Number(text);
  if (value >= min && value <= max) return ok(value);
  return fail<number>(
    max === Number.MAX_SAFE_INTEGER ? `must be >= ${min}` : `must be between ${min} and ${max}`,
  );
};
export const parseInteger = number(/^[+-]?\d+$/, 'invalid integer');
export const parseFloat64 = number(/^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/, 'invalid number');

/** Comma list; items are trimmed and empty items dropped (`a, b,` -> [a, b]). */
export function parseList(raw: string): readonly string[] {
  return raw
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** `k:v,k2:v2` or `k=v,k2=v2`, split at the first separator (values may contain it: URLs, headers). */
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
  const found = choices.find((choice) => choice.toLowerCase() === raw.trim().toLowerCase());
  return found === undefined ? fail(`must be one of ${choices.join(', ')}`) : ok(found);
}

const MAX = Number.MAX_SAFE_INTEGER;
const mapped =
  <T, U>(parse: ValueParser<T>, to: (value: T) => U): ValueParser<U> =>
  (raw) => {
    const result = parse(raw);
    return result.ok ? ok(to(result.value)) : result;
  };

// The kinds of value, one per line (prettier would spread the curried ones over four).
// prettier-ignore
export const text: ValueParser<string> = ok, bool: ValueParser<boolean> = parseGoBool,
  /** Go duration -> milliseconds. */
  duration: ValueParser<number> = parseGoDuration,
  port: ValueParser<number> = (raw) => parseInteger(raw, 0, 65535),
  integer = (min = 0, max = MAX): ValueParser<number> => (raw) => parseInteger(raw, min, max),
  float = (min = 0, max = MAX): ValueParser<number> => (raw) => parseFloat64(raw, min, max),
  choice = <T extends string>(...choices: T[]): ValueParser<T> => (raw) => parseChoice(raw, choices),
  list: ValueParser<readonly string[]> = (raw) => ok(parseList(raw)),
  /** Text, undefined while unset (as the libraries' options take a path or a password). */
  optional: ValueParser<string | undefined> = (raw) => ok(raw === '' ? undefined : raw),
  colonMap: ValueParser<Readonly<Record<string, string>>> = (raw) => parseMap(raw, ':'),
  equalsMap: ValueParser<Readonly<Record<string, string>>> = (raw) => parseMap(raw, '=');
/** Lower-cased host names or host:port; a scheme or path is said at start, not left never to match. */
export const hostNames: ValueParser<readonly string[]> = (raw) => {
  const hosts = parseList(raw).map((host) => host.toLowerCase());
  const bad = hosts.find((host) => !/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/.test(host));
  return bad === undefined
    ? ok(hosts)
    : fail(`'${bad}' is not a host name or host:port (no scheme, no path)`);
};

/** BACKEND_TYPE: `memcached` is another spelling of `memcache`. */
export const backendType = mapped(choice('redis', 'memcache', 'memcached', 'memory'), (type) =>
  type === 'memcached' ? 'memcache' : type,
);
/** LOG_LEVEL: logrus.ParseLevel names; `warn` is logrus's other spelling of `warning`. */
export const logLevel = mapped(
  choice('trace', 'debug', 'info', 'warn', 'warning', 'error', 'fatal', 'panic'),
  (level) => (level === 'warn' ? 'warning' : level),
);
export type LogrusLevel = ValueOf<typeof logLevel>;
type ValueOf<P> = P extends ValueParser<infer T> ? T : never;

/** KV_INCREMENT_SCRIPT: `auto`, or a Go boolean (true = `on`, false = `off`). */
export const autoOrBool: ValueParser<'auto' | 'on' | 'off'> = (raw) => {
  if (raw.trim().toLowerCase() === 'auto') return ok('auto');
  const result = parseGoBool(raw);
  return result.ok ? ok(result.value ? 'on' : 'off') : fail('must be auto, true or false');
};

/** KV_POOL_ON_EMPTY_BEHAVIOR: Envoy's pool always waits; its CREATE and ERROR panicked at start. */
export const poolOnEmptyBehavior: ValueParser<'WAIT'> = (raw) => {
  const upper = raw.trim().toUpperCase();
  if (upper === 'WAIT') return ok('WAIT');
  if (upper !== 'CREATE' && upper !== 'ERROR') return fail('must be WAIT');
  return fail(
    `${upper} is not supported: the pool always waits for a free connection; remove the setting or set WAIT (KV_TIMEOUT bounds the wait)`,
  );
};
