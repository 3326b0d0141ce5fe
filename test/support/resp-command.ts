import { connect as connectTcp, Socket } from 'node:net';
import { connect as connectTls, ConnectionOptions } from 'node:tls';

export type RespReply = string | number | null | Error | RespReply[];

export interface RespTarget {
  readonly host: string;
  readonly port: number;
  /** TLS options when the server only speaks TLS. */
  readonly tls?: ConnectionOptions;
  readonly password?: string;
}

function encode(args: readonly string[]): string {
  return `*${args.length}\r\n` + args.map((arg) => `$${Buffer.byteLength(arg)}\r\n${arg}\r\n`).join('');
}

/** Parses one RESP reply at `offset`; returns undefined while the buffer is incomplete. */
function parse(buffer: string, offset: number): { reply: RespReply; next: number } | undefined {
  const lineEnd = buffer.indexOf('\r\n', offset);
  if (lineEnd < 0) return undefined;
  const type = buffer[offset];
  const line = buffer.slice(offset + 1, lineEnd);
  const next = lineEnd + 2;
  if (type === '+') return { reply: line, next };
  if (type === '-') return { reply: new Error(line), next };
  if (type === ':') return { reply: Number(line), next };
  if (type === '$') {
    const length = Number(line);
    if (length < 0) return { reply: null, next };
    if (buffer.length < next + length + 2) return undefined;
    return { reply: buffer.slice(next, next + length), next: next + length + 2 };
  }
  if (type === '*') {
    const count = Number(line);
    if (count < 0) return { reply: null, next };
    const items: RespReply[] = [];
    let cursor = next;
    for (let i = 0; i < count; i++) {
      const item = parse(buffer, cursor);
      if (!item) return undefined;
      items.push(item.reply);
      cursor = item.next;
    }
    return { reply: items, next: cursor };
  }
  throw new Error(`unexpected RESP reply: ${JSON.stringify(buffer.slice(offset, offset + 40))}`);
}

/**
 * Sends one command to a Redis/Sentinel server on a fresh connection and returns the reply
 * (error replies are returned as Error values, not thrown). Used for readiness checks and for
 * setting up topologies, so tests need neither redis-cli nor a client library here.
 */
export function respCommand(
  target: RespTarget,
  args: readonly string[],
  timeoutMs = 2000,
): Promise<RespReply> {
  return new Promise((resolve, reject) => {
    const socket: Socket = target.tls
      ? connectTls({ host: target.host, port: target.port, ...target.tls })
      : connectTcp({ host: target.host, port: target.port });
    const commands = target.password ? [['AUTH', target.password], args] : [args];
    let buffer = '';
    let offset = 0;
    const replies: RespReply[] = [];
    const finish = (outcome: () => void) => {
      socket.destroy();
      outcome();
    };
    socket.setTimeout(timeoutMs, () =>
      finish(() => reject(new Error(`no reply to ${args[0]} in ${timeoutMs} ms`))),
    );
    socket.once('error', (error) => finish(() => reject(error)));
    socket.once(target.tls ? 'secureConnect' : 'connect', () => socket.write(commands.map(encode).join('')));
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (let parsed = parse(buffer, offset); parsed; parsed = parse(buffer, offset)) {
        replies.push(parsed.reply);
        offset = parsed.next;
      }
      if (replies.length === commands.length) finish(() => resolve(replies[replies.length - 1]));
    });
  });
}

/** `INFO`-style text (`key:value` lines) as a map. */
export function parseInfo(text: RespReply): Map<string, string> {
  const entries = String(text)
    .split('\r\n')
    .filter((line) => line.includes(':'))
    .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1)] as [string, string]);
  return new Map(entries);
}
