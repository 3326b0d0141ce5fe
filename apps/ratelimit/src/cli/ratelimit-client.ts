// `ratelimit-client` (the reference's `ratelimit_client`; docs/cli.md#ratelimit-client): prints the flags it
// uses, sends one ShouldRateLimit to -dial_string (plaintext, TLS or mutual TLS), prints
// `response: <proto3 JSON>` or `request error: <message>`. Exit 0 when the answer is OK, 1 when
// OVER_LIMIT, 2 on any error (bad flags, unreadable TLS files, connection, gRPC status).
import { readFileSync } from 'node:fs';
import {
  credentials as grpcCredentials,
  makeGenericClientConstructor,
  type ChannelCredentials,
  type ChannelOptions,
  type Client,
  type ServiceError,
} from '@grpc/grpc-js';
import { rlsProtos } from '../transport/rls-protos';
import {
  flagLines,
  parseRatelimitClientFlags,
  RATELIMIT_CLIENT_USAGE,
  type RatelimitClientFlags,
} from './ratelimit-client-flags';
import { isVersionRequest, versionLine } from './version';
import { exitCodeFor, responseToJson, type ClientResponseMessage } from './ratelimit-client-output';

export interface ClientOutput {
  /** Flag lines, the response, request errors (stdout, as the reference). */
  out(line: string): void;
  /** Usage and flag errors (stderr, as Go's flag package). */
  err(line: string): void;
}

/** Sends the request; rejects with the gRPC ServiceError (or a file error for TLS material). */
export type SendRequest = (flags: RatelimitClientFlags, request: object) => Promise<ClientResponseMessage>;

/** Runs the client; resolves to the exit code. `send` is replaceable for unit tests. */
export async function runRatelimitClient(
  argv: readonly string[],
  output: ClientOutput,
  send: SendRequest = sendOverGrpc,
): Promise<number> {
  if (isVersionRequest(argv)) {
    output.out(versionLine('ratelimit-client'));
    return 0;
  }
  const parsed = parseRatelimitClientFlags(argv);
  if (parsed.kind !== 'flags') {
    if (parsed.kind === 'error') output.err(parsed.message);
    output.err(RATELIMIT_CLIENT_USAGE);
    return parsed.kind === 'help' ? 0 : 2;
  }
  const { flags } = parsed;
  flagLines(flags).forEach((line) => output.out(line));
  if (!flags.useTls && (flags.serverCaFile || flags.certFile || flags.serverName)) {
    output.err('warning: TLS flags are ignored without -grpc-use-tls');
  }
  let response: ClientResponseMessage;
  try {
    response = await send(flags, requestFrom(flags));
  } catch (error) {
    // grpc-js puts a line break inside some messages; the answer stays one line.
    output.out(`request error: ${(error as Error).message.replace(/\s*\n\s*/g, ' ')}`);
    return 2;
  }
  output.out(`response: ${responseToJson(response)}`);
  return exitCodeFor(response.overallCode);
}

/** The RateLimitRequest (hits_addend 1 by default, as the reference's client sends). */
export function requestFrom(flags: RatelimitClientFlags): object {
  return {
    domain: flags.domain,
    descriptors: flags.descriptors.map((descriptor) => ({
      entries: descriptor.entries.map(([key, value]) => ({ key, value })),
    })),
    hitsAddend: flags.hitsAddend,
  };
}

type Unary = (
  request: object,
  options: { deadline?: number },
  callback: (error: ServiceError | null, response: ClientResponseMessage) => void,
) => void;

async function sendOverGrpc(flags: RatelimitClientFlags, request: object): Promise<ClientResponseMessage> {
  const Rls = makeGenericClientConstructor(rlsProtos().rlsService, 'RateLimitService');
  const client = new Rls(flags.dialString, channelCredentials(flags), channelOptions(flags)) as Client &
    Record<string, Unary>;
  try {
    return await new Promise((resolve, reject) =>
      client.ShouldRateLimit(
        request,
        flags.timeoutMs > 0 ? { deadline: Date.now() + flags.timeoutMs } : {},
        (error, response) => (error ? reject(error) : resolve(response)),
      ),
    );
  } finally {
    client.close();
  }
}

function channelCredentials(flags: RatelimitClientFlags): ChannelCredentials {
  if (!flags.useTls) return grpcCredentials.createInsecure();
  return grpcCredentials.createSsl(
    readTlsFile(flags.serverCaFile, '-grpc-server-ca-file'),
    readTlsFile(flags.keyFile, '-grpc-key-file'),
    readTlsFile(flags.certFile, '-grpc-cert-file'),
  );
}

function channelOptions(flags: RatelimitClientFlags): ChannelOptions {
  if (!flags.useTls || flags.serverName === '') return {};
  return { 'grpc.ssl_target_name_override': flags.serverName, 'grpc.default_authority': flags.serverName };
}

function readTlsFile(path: string, flag: string): Buffer | null {
  if (path === '') return null;
  try {
    return readFileSync(path);
  } catch (error) {
    throw new Error(`cannot read ${flag}=${path}: ${(error as Error).message}`, { cause: error });
  }
}

export async function main(argv: readonly string[] = process.argv.slice(2)): Promise<void> {
  process.exitCode = await runRatelimitClient(argv, {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
  });
}

if (require.main === module) void main();
