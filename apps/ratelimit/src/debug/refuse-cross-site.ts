// Who may use the debug listener from a browser (docs/console.md, "Who may use it"). The listener
// has no authentication, so a web page an operator happens to have open must not be able to use
// it: neither by sending requests to localhost:6070 (Origin, Sec-Fetch-Site), nor by DNS
// rebinding, where evil.example resolves to 127.0.0.1 and the page becomes same-origin with the
// listener (only the Host header still says evil.example). Clients that are not browsers (curl,
// scrapers, kubectl port-forward) send a Host naming this listener and no Origin, and pass.
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';

export interface RequestFacts {
  /** The Host header as sent (undefined: none, e.g. HTTP/1.0 from a script). */
  readonly host: string | undefined;
  readonly origin: string | undefined;
  /** The Fetch Metadata headers browsers add (undefined: none). */
  readonly secFetchSite: string | undefined;
  readonly secFetchMode: string | undefined;
  readonly method: string;
  /** The address the connection arrived on (socket.localAddress): the listener's own address. */
  readonly localAddress: string | undefined;
}

export interface CrossSitePolicy {
  /** DEBUG_HOST, when it names one address or host rather than every interface. */
  readonly listenerHost: string;
  /** CONSOLE_ALLOWED_HOSTS: lower-case `name` (any port) or `name:port`. */
  readonly allowedHosts: readonly string[];
}

const ALWAYS_ALLOWED = new Set(['localhost', '127.0.0.1', '[::1]']);
const WILDCARDS = new Set(['', '0.0.0.0', '::', '[::]']);
/** Sec-Fetch-Site values of requests a page of this listener or the user made. */
const OWN_SITES = new Set(['same-origin', 'none']);

/** The reason to refuse the request with 403, or undefined to serve it. */
export function refuseCrossSite(request: RequestFacts, policy: CrossSitePolicy): string | undefined {
  const host = request.host?.trim().toLowerCase();
  if (host !== undefined && !isAllowedHost(host, request.localAddress, policy))
    return (
      `the debug listener does not answer Host ${JSON.stringify(request.host)}: only its own address, ` +
      'localhost, 127.0.0.1, [::1] and the names in CONSOLE_ALLOWED_HOSTS (another name may be a web ' +
      'page using DNS rebinding)'
    );
  if (request.origin !== undefined && !isOwnOrigin(request.origin.toLowerCase(), host))
    return (
      `cross-origin request refused: Origin ${JSON.stringify(request.origin)} is not this ` +
      `listener's origin ${JSON.stringify(`http://${host ?? '<no Host>'}`)}`
    );
  const site = request.secFetchSite?.toLowerCase();
  if (site !== undefined && !OWN_SITES.has(site) && !isNavigation(request))
    return `cross-site request refused (Sec-Fetch-Site: ${site}): open the page from the debug listener itself`;
  return undefined;
}

/** The facts of a node:http request the check reads (the first of repeated headers). */
export function requestFacts(request: IncomingMessage): RequestFacts {
  const { headers } = request;
  const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
  return {
    host: headers.host,
    origin: headers.origin,
    secFetchSite: one(headers['sec-fetch-site']),
    secFetchMode: one(headers['sec-fetch-mode']),
    method: request.method ?? 'GET',
    localAddress: request.socket.localAddress,
  };
}

/** A link followed to the listener: the user sees the answer, the linking page does not. */
function isNavigation(request: RequestFacts): boolean {
  return request.secFetchMode?.toLowerCase() === 'navigate' && request.method === 'GET';
}

/** A page served by this listener sends its own origin: http (or https behind a TLS proxy) + Host. */
function isOwnOrigin(origin: string, host: string | undefined): boolean {
  return host !== undefined && (origin === `http://${host}` || origin === `https://${host}`);
}

function isAllowedHost(host: string, localAddress: string | undefined, policy: CrossSitePolicy): boolean {
  const name = hostName(host);
  if (ALWAYS_ALLOWED.has(name)) return true;
  if (localAddress !== undefined && name === addressAsHost(localAddress)) return true;
  const listenerHost = policy.listenerHost.toLowerCase();
  if (!WILDCARDS.has(listenerHost) && name === addressAsHost(listenerHost)) return true;
  return policy.allowedHosts.some((allowed) => allowed === host || allowed === name);
}

/** `name:port` -> `name`, `[v6]:port` -> `[v6]`. */
export function hostName(host: string): string {
  if (host.startsWith('[')) {
    const end = host.indexOf(']');
    return end < 0 ? host : host.slice(0, end + 1);
  }
  const colon = host.lastIndexOf(':');
  return colon < 0 ? host : host.slice(0, colon);
}

/** An address as a Host header names it: IPv6 in brackets, IPv4-mapped IPv6 as IPv4. */
function addressAsHost(address: string): string {
  const bare = address.replace(/^\[|\]$/g, '').toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  if (mapped !== null) return mapped[1]!;
  return isIP(bare) === 6 ? `[${bare}]` : bare;
}
