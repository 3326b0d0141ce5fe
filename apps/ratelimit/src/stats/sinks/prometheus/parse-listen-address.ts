// PULLSTATS_ADDR in Go's net.Listen form: `:9090` (every interface), `127.0.0.1:9090`,
// `[::1]:9090`, `localhost:0`.

export interface ListenAddress {
  /** undefined = every interface. */
  readonly host: string | undefined;
  readonly port: number;
}

export function parseListenAddress(address: string): ListenAddress {
  const separator = address.lastIndexOf(':');
  const portText = address.slice(separator + 1);
  const port = Number(portText);
  if (separator === -1 || !/^\d+$/.test(portText) || port > 65535) {
    throw new Error(`PULLSTATS_ADDR=${address}: expected [host]:port, e.g. :9090 or 127.0.0.1:9090`);
  }
  let host = address.slice(0, separator);
  if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
  return { host: host === '' ? undefined : host, port };
}
