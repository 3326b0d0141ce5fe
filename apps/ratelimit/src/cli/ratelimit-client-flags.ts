// Flags of `ratelimit-client` (the reference's `ratelimit_client`; docs/cli.md#ratelimit-client), parsed
// with Go `flag` syntax like the reference: `-name value`, `-name=value`, `--name`; booleans
// take `-name` or `-name=<bool>` only; `-h`/`-help` asks for the usage.
import { parseGoBool, parseGoDuration } from '../settings/go-values';

/** One `-descriptors k=v,k2=v2` flag: one descriptor of the request. */
export interface DescriptorFlag {
  readonly raw: string;
  readonly entries: readonly (readonly [key: string, value: string])[];
}

export interface RatelimitClientFlags {
  readonly dialString: string;
  readonly domain: string;
  readonly descriptors: readonly DescriptorFlag[];
  readonly hitsAddend: number;
  readonly useTls: boolean;
  /** '' = the system's root certificates. */
  readonly serverCaFile: string;
  readonly certFile: string;
  readonly keyFile: string;
  /** '' = the host of -dial_string; else the name the server certificate is checked against (and SNI). */
  readonly serverName: string;
  /** 0 = no deadline. */
  readonly timeoutMs: number;
  /** Accepted for compatibility with the reference's client; this client does not trace. */
  readonly oltpProtocol: string;
  /** Every flag's value as given (or its default), for the `Flag:` lines. */
  readonly shown: Readonly<Record<string, string>>;
}

export type ParsedClientFlags =
  | { readonly kind: 'flags'; readonly flags: RatelimitClientFlags }
  | { readonly kind: 'help' }
  | { readonly kind: 'error'; readonly message: string };

interface FlagSpec {
  readonly isBool: boolean;
  readonly defaultValue: string;
  readonly help: string;
}

const FLAGS: Readonly<Record<string, FlagSpec>> = {
  descriptors: flag('', 'descriptor list to query in <key>=<value>,<key>=<value>,... form (repeatable)'),
  dial_string: flag('localhost:8081', 'url of ratelimit server in <host>:<port> form (or unix:<path>)'),
  domain: flag('', 'rate limit configuration domain to query'),
  'grpc-cert-file': flag('', 'path to the client cert file for TLS connection'),
  'grpc-key-file': flag('', 'path to the client key for TLS connection'),
  'grpc-server-ca-file': flag('', 'path to the server CA file for TLS connection'),
  'grpc-server-name': flag(
    '',
    'name to verify the server certificate against (default: host of -dial_string)',
  ),
  'grpc-use-tls': { isBool: true, defaultValue: 'false', help: 'Use TLS for connection to server' },
  hits_addend: flag('1', 'hits_addend of the request (uint32)'),
  'oltp-protocol': flag('', 'accepted for compatibility (http, grpc or empty); this client does not trace'),
  timeout: flag('10s', 'deadline of the request (Go duration; 0 = none)'),
};

function flag(defaultValue: string, help: string): FlagSpec {
  return { isBool: false, defaultValue, help };
}

export const RATELIMIT_CLIENT_USAGE = [
  'usage: ratelimit-client [flags]',
  ...Object.entries(FLAGS).map(
    ([name, spec]) =>
      `  -${name}${spec.isBool ? '' : ' string'}\n      ${spec.help}` +
      (spec.defaultValue === '' ? '' : ` (default ${JSON.stringify(spec.defaultValue)})`),
  ),
  '  -version\n      print the version and exit',
].join('\n');

/** Splits argv into flag values (repeatable flags keep every value) or a Go-style error. */
function collect(argv: readonly string[]): Map<string, string[]> | ParsedClientFlags {
  const values = new Map<string, string[]>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') {
      if (i + 1 < argv.length) return error(`unexpected argument: ${argv[i + 1]}`);
      break;
    }
    const match = /^--?([^-=][^=]*)(?:=([\s\S]*))?$/.exec(arg);
    if (match === null) return error(`unexpected argument: ${arg}`);
    const [, name, inline] = match;
    if (name === 'h' || name === 'help') return { kind: 'help' };
    const spec = FLAGS[name];
    if (spec === undefined) return error(`flag provided but not defined: -${name}`);
    let value = inline;
    if (value === undefined && spec.isBool) value = 'true';
    if (value === undefined) {
      if (i + 1 >= argv.length) return error(`flag needs an argument: -${name}`);
      value = argv[++i];
    }
    values.set(name, [...(values.get(name) ?? []), value]);
  }
  return values;
}

export function parseRatelimitClientFlags(argv: readonly string[]): ParsedClientFlags {
  const collected = collect(argv);
  if (!(collected instanceof Map)) return collected;
  const last = (name: string) => collected.get(name)?.at(-1) ?? FLAGS[name].defaultValue;
  const descriptors = parseDescriptorFlags(collected.get('descriptors') ?? []);
  if (typeof descriptors === 'string') return error(descriptors);
  const values = checkValues(last);
  if (typeof values === 'string') return error(values);
  const shown: Record<string, string> = {};
  for (const name of Object.keys(FLAGS)) shown[name] = last(name);
  shown.descriptors = JSON.stringify(descriptors.map((descriptor) => descriptor.raw));
  return {
    kind: 'flags',
    flags: {
      dialString: last('dial_string'),
      domain: last('domain'),
      descriptors,
      ...values,
      serverCaFile: last('grpc-server-ca-file'),
      certFile: last('grpc-cert-file'),
      keyFile: last('grpc-key-file'),
      serverName: last('grpc-server-name'),
      oltpProtocol: last('oltp-protocol'),
      shown,
    },
  };
}

function parseDescriptorFlags(raws: readonly string[]): DescriptorFlag[] | string {
  const descriptors: DescriptorFlag[] = [];
  for (const raw of raws) {
    const descriptor = parseDescriptor(raw);
    if (descriptor === undefined) {
      return `invalid value "${raw}" for flag -descriptors: invalid descriptor list (want <key>=<value>,...)`;
    }
    descriptors.push(descriptor);
  }
  return descriptors;
}

/** The flags whose text must parse; a message for the first one that does not. */
function checkValues(
  last: (name: string) => string,
): Pick<RatelimitClientFlags, 'useTls' | 'hitsAddend' | 'timeoutMs'> | string {
  const useTls = parseGoBool(last('grpc-use-tls'));
  if (!useTls.ok) return `invalid boolean value "${last('grpc-use-tls')}" for -grpc-use-tls: parse error`;
  const hitsAddend = last('hits_addend');
  if (!/^\d+$/.test(hitsAddend) || Number(hitsAddend) > 0xffffffff) {
    return `invalid value "${hitsAddend}" for flag -hits_addend: want an integer from 0 to 4294967295`;
  }
  const timeout = parseGoDuration(last('timeout'));
  if (!timeout.ok) return `invalid value "${last('timeout')}" for flag -timeout: ${timeout.reason}`;
  if ((last('grpc-cert-file') === '') !== (last('grpc-key-file') === '')) {
    return '-grpc-cert-file and -grpc-key-file must be given together';
  }
  return { useTls: useTls.value, hitsAddend: Number(hitsAddend), timeoutMs: timeout.value };
}

/** `k=v,k2=v2` -> entries; a pair is split at its first `=`, so values may contain `=`. */
export function parseDescriptor(raw: string): DescriptorFlag | undefined {
  const entries: (readonly [string, string])[] = [];
  for (const pair of raw.split(',')) {
    const equals = pair.indexOf('=');
    if (equals < 0) return undefined;
    entries.push([pair.slice(0, equals), pair.slice(equals + 1)]);
  }
  return { raw, entries };
}

/** `Flag: --name="value"` for every flag, sorted by name (Go's flag.VisitAll). */
export function flagLines(flags: RatelimitClientFlags): string[] {
  return Object.keys(flags.shown)
    .sort()
    .map((name) =>
      name === 'descriptors'
        ? `Flag: --descriptors=${flags.shown.descriptors}`
        : `Flag: --${name}=${JSON.stringify(flags.shown[name])}`,
    );
}

function error(message: string): ParsedClientFlags {
  return { kind: 'error', message };
}
