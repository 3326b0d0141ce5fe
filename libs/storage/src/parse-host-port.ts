import { StorageOptionsError } from './storage-options-error';

/** `host:port` or `[ipv6]:port`. */
export function parseHostPort(text: string, what: string): { host: string; port: number } {
  const match = /^(?:\[([^\]]+)\]|([^:\s]+)):(\d{1,5})$/.exec(text.trim());
  const port = match ? Number(match[3]) : 0;
  if (!match || port < 1 || port > 65535) {
    throw new StorageOptionsError(`${what} must be host:port, got ${JSON.stringify(text)}`);
  }
  return { host: match[1] ?? match[2], port };
}
