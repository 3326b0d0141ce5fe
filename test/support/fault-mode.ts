// How a fault proxy (fault-proxy.ts) treats the traffic it forwards, switched at run time. Its own
// file so that the proxy and its links (fault-proxy-link.ts) both import it and not each other.
/**
 * - `pass`: forward as received.
 * - `delay`: hold every chunk `ms` milliseconds in each direction (order kept).
 * - `drop-new`: new connections are accepted then closed (`close`, FIN) or refused (`refuse`: the
 *   port stops listening); open connections keep working.
 * - `blackhole`: open and new connections stay open but nothing is forwarded (a network
 *   partition); what was held is delivered once the mode changes, as TCP would after the
 *   partition heals.
 * - `reset`: every open connection is reset (RST to both ends), new ones as they arrive.
 * - `half-open`: the server side of each open (and new) connection is closed behind the client's
 *   back: the client keeps a connection that never answers and swallows what it sends (a peer that
 *   lost the connection without telling). Such connections stay dead after the mode changes.
 */
export type FaultMode =
  | { readonly kind: 'pass' }
  | { readonly kind: 'delay'; readonly ms: number }
  | { readonly kind: 'drop-new'; readonly how: 'close' | 'refuse' }
  | { readonly kind: 'blackhole' }
  | { readonly kind: 'reset' }
  | { readonly kind: 'half-open' };
