// One zod schema per kind of variable: each takes the raw text of the variable (or its default)
// and yields the typed value, or an issue whose message becomes `NAME=value: <message>`.
import { z } from 'zod';
import {
  parseChoice,
  parseFloat64,
  parseGoBool,
  parseGoDuration,
  parseInteger,
  parseList,
  parseMap,
  type ParseResult,
} from './go-values';

export type VariableSchema<T> = z.ZodType<T, string>;

function fromParser<T>(parse: (raw: string) => ParseResult<T>): VariableSchema<T> {
  return z.string().transform((raw, ctx) => {
    const result = parse(raw);
    if (result.ok) return result.value;
    ctx.addIssue({ code: 'custom', message: result.reason });
    return z.NEVER;
  });
}

const MAX = Number.MAX_SAFE_INTEGER;

export const text: VariableSchema<string> = z.string();
export const bool = fromParser(parseGoBool);
/** Go duration -> milliseconds. */
export const duration = fromParser(parseGoDuration);
export const port = fromParser((raw) => parseInteger(raw, 0, 65535));
export const list = fromParser((raw) => ({ ok: true, value: parseList(raw) }));
/** `k:v,k2:v2` */
export const colonMap = fromParser((raw) => parseMap(raw, ':'));
/** `k=v,k2=v2` */
export const equalsMap = fromParser((raw) => parseMap(raw, '='));

export const integer = (min = 0, max = MAX): VariableSchema<number> =>
  fromParser((raw) => parseInteger(raw, min, max));
export const float = (min = 0, max = MAX): VariableSchema<number> =>
  fromParser((raw) => parseFloat64(raw, min, max));
export const choice = <T extends string>(...choices: T[]): VariableSchema<T> =>
  fromParser((raw) => parseChoice(raw, choices));

/** `memcached` is accepted as another spelling of `memcache`. */
export const backendType = fromParser((raw) => {
  const result = parseChoice(raw, ['redis', 'memcache', 'memcached', 'memory']);
  if (!result.ok) return result;
  return { ok: true, value: result.value === 'memcached' ? 'memcache' : result.value };
});

/** `auto`, or a Go boolean (true = `on`, false = `off`): KV_INCREMENT_SCRIPT. */
export const autoOrBool = fromParser((raw): ParseResult<'auto' | 'on' | 'off'> => {
  if (raw.trim().toLowerCase() === 'auto') return { ok: true, value: 'auto' };
  const result = parseGoBool(raw);
  if (!result.ok) return { ok: false, reason: 'must be auto, true or false' };
  return { ok: true, value: result.value ? 'on' : 'off' };
});

/** logrus.ParseLevel names; `warn` is logrus's other spelling of `warning`. */
export const logLevel = fromParser((raw) => {
  const names = ['trace', 'debug', 'info', 'warn', 'warning', 'error', 'fatal', 'panic'] as const;
  const result = parseChoice(raw, names);
  if (!result.ok) return result;
  return { ok: true, value: result.value === 'warn' ? 'warning' : result.value };
});

/**
 * The reference's pool (radix v4) always waits for a free connection; CREATE and ERROR made it
 * panic at start, so we reject them with the reason instead.
 */
export const poolOnEmptyBehavior = fromParser((raw): ParseResult<'WAIT'> => {
  const upper = raw.trim().toUpperCase();
  if (upper === 'WAIT') return { ok: true, value: 'WAIT' };
  if (upper === 'CREATE' || upper === 'ERROR') {
    return {
      ok: false,
      reason: `${upper} is not supported: the pool always waits for a free connection; remove the setting or set WAIT (KV_TIMEOUT bounds the wait)`,
    };
  }
  return { ok: false, reason: 'must be WAIT' };
});
