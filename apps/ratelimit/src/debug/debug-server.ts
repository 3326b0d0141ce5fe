// The debug listener on DEBUG_HOST:DEBUG_PORT (docs/service.md, "Debug listener"): `/` lists the
// endpoints (and answers every unknown path, as the reference's catch-all), `/rlconfig` dumps the
// active rules, `/stats` every statistic as `name: value` lines, `/debug/pprof/` the Node
// equivalents of Go's profiles: `profile?seconds=N` (CPU profile) and `heap?seconds=N` (sampled
// allocation stacks, no memory contents), one at a time, `/debug/vars` the process figures
// (memory, active handles, event-loop delay) as JSON, and `/console` the operator's console
// (docs/console.md). Every request first passes the cross-site check (refuse-cross-site.ts):
// DNS rebinding could read any page here, not only the console's.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpListener } from '../http-listener';
import type { ListenerLimits } from '../listener-limits';
import { ProcessVarsReader } from './process-vars';
import { ProfileSlot, REST_FACTOR } from './profile-slot';
import { refuseCrossSite, type CrossSitePolicy, type RequestFacts } from './refuse-cross-site';
import { PROFILE_ROUTES, serveProfile } from './serve-profile';

export interface DebugSources {
  /** The active rules' dump (`/rlconfig`); '' when none are loaded. */
  rulesDump(): string;
  /** Every statistic (`/stats`). */
  statsDump(): string;
  /** The operator's console under /console (docs/console.md). */
  readonly console?: {
    handle(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void>;
  };
}

const INDEX = [
  '/rlconfig: print out the currently loaded configuration for debugging',
  '/stats: print out stats',
  '/console: the operator console (rules in force, traffic, who is limited; JSON under /console/api/)',
  '/debug/pprof/: profiles of the running process, one at a time (profile?seconds=N, heap?seconds=N)',
  '/debug/vars: memory, active handles and event-loop delay of the process (JSON)',
].join('\n');
const { CPU, heap } = PROFILE_ROUTES;
const PPROF_INDEX = [
  `/debug/pprof/profile?seconds=N: CPU profile for N seconds (default ${CPU.defaultSeconds}, at most ${CPU.maxSeconds}), .cpuprofile JSON`,
  `/debug/pprof/heap?seconds=N: sampled heap profile for N seconds (default ${heap.defaultSeconds}, at most ${heap.maxSeconds}): ` +
    'allocation stacks of what is still alive, no memory contents, .heapprofile JSON',
  `one profile at a time, CPU or heap, then a rest of ${REST_FACTOR} times the event-loop pauses it caused ` +
    '(its Server-Timing header): 429 meanwhile',
].join('\n');

export class DebugServer {
  private readonly listener: HttpListener;
  private readonly vars = new ProcessVarsReader();
  private readonly profiles = new ProfileSlot();

  /** The listener has the HTTP listener's limits (HTTP_REQUEST_TIMEOUT, HTTP_MAX_CONNECTIONS). */
  constructor(
    private readonly sources: DebugSources,
    limits: ListenerLimits,
    onRefused: () => void,
    private readonly policy: CrossSitePolicy,
  ) {
    this.listener = new HttpListener(
      (request, response) => void this.handle(request, response),
      limits,
      onRefused,
    );
  }

  listen(host: string, port: number): Promise<number> {
    return this.listener.listen(host, port);
  }

  close(): Promise<void> {
    this.vars.close();
    return this.listener.close();
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://debug');
    const refused = refuseCrossSite(requestFacts(request), this.policy);
    if (refused !== undefined) return plain(response, 403, `${refused}\n`);
    try {
      if (url.pathname === '/rlconfig') return plain(response, 200, this.sources.rulesDump());
      if (url.pathname === '/stats') return plain(response, 200, this.sources.statsDump());
      if (isConsolePath(url.pathname) && this.sources.console !== undefined)
        return await this.sources.console.handle(request, response, url);
      if (url.pathname === '/debug/pprof/profile')
        return await serveProfile('CPU', url, response, this.profiles);
      if (url.pathname === '/debug/pprof/heap')
        return await serveProfile('heap', url, response, this.profiles);
      if (url.pathname === '/debug/vars') return json(response, this.vars.read());
      if (url.pathname.startsWith('/debug/pprof'))
        return plain(response, 200, `${PPROF_INDEX}\nprofile slot: ${this.profiles.state()}\n`);
      return plain(response, 200, `${INDEX}\n`);
    } catch (error) {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      response.end(`${(error as Error).message}\n`);
    }
  }
}

function isConsolePath(path: string): boolean {
  return path === '/console' || path.startsWith('/console/');
}

function requestFacts(request: IncomingMessage): RequestFacts {
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

function plain(response: ServerResponse, statusCode: number, body: string): void {
  response.writeHead(statusCode, { 'content-type': 'text/plain; charset=utf-8' });
  response.end(body);
}

function json(response: ServerResponse, body: unknown): void {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(`${JSON.stringify(body)}\n`);
}
