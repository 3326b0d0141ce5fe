// The debug listener on DEBUG_HOST:DEBUG_PORT (docs/service.md, "Debug listener"): `/` lists the
// endpoints (and answers every unknown path, as the reference's catch-all), `/rlconfig` dumps the
// active rules, `/stats` every statistic as `name: value` lines, `/debug/pprof/` the Node
// equivalents of Go's profiles: `profile?seconds=N` (CPU profile) and `heap` (V8 heap snapshot),
// `/debug/vars` the process figures (memory, active handles, event-loop delay) as JSON, and
// `/console` the operator's console (docs/console.md).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getHeapSnapshot } from 'node:v8';
import { HttpListener } from '../http-listener';
import type { ListenerLimits } from '../listener-limits';
import { ProcessVarsReader } from './process-vars';
import { profileCpu } from './profile-cpu';

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
  '/debug/pprof/: profiles of the running process (profile?seconds=N, heap)',
  '/debug/vars: memory, active handles and event-loop delay of the process (JSON)',
].join('\n');
const PPROF_INDEX = [
  '/debug/pprof/profile?seconds=N: CPU profile for N seconds (default 30, at most 300), .cpuprofile JSON',
  '/debug/pprof/heap: V8 heap snapshot, .heapsnapshot JSON',
].join('\n');
const MAX_PROFILE_SECONDS = 300;

export class DebugServer {
  private readonly listener: HttpListener;
  private readonly vars = new ProcessVarsReader();

  /** The listener has the HTTP listener's limits (HTTP_REQUEST_TIMEOUT, HTTP_MAX_CONNECTIONS). */
  constructor(
    private readonly sources: DebugSources,
    limits: ListenerLimits,
    onRefused: () => void,
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
    try {
      if (url.pathname === '/rlconfig') return text(response, this.sources.rulesDump());
      if (url.pathname === '/stats') return text(response, this.sources.statsDump());
      if (isConsolePath(url.pathname) && this.sources.console !== undefined)
        return await this.sources.console.handle(request, response, url);
      if (url.pathname === '/debug/pprof/profile') return await cpuProfile(url, response);
      if (url.pathname === '/debug/pprof/heap') return heapSnapshot(response);
      if (url.pathname === '/debug/vars') return json(response, this.vars.read());
      if (url.pathname.startsWith('/debug/pprof')) return text(response, `${PPROF_INDEX}\n`);
      return text(response, `${INDEX}\n`);
    } catch (error) {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      response.end(`${(error as Error).message}\n`);
    }
  }
}

function isConsolePath(path: string): boolean {
  return path === '/console' || path.startsWith('/console/');
}

function text(response: ServerResponse, body: string): void {
  response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
  response.end(body);
}

function json(response: ServerResponse, body: unknown): void {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(`${JSON.stringify(body)}\n`);
}

async function cpuProfile(url: URL, response: ServerResponse): Promise<void> {
  const raw = url.searchParams.get('seconds') ?? '30';
  const seconds = Number(raw);
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > MAX_PROFILE_SECONDS) {
    response.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
    response.end(`seconds must be an integer from 1 to ${MAX_PROFILE_SECONDS}, got ${JSON.stringify(raw)}\n`);
    return;
  }
  const profile = await profileCpu(seconds);
  response.writeHead(200, {
    'content-type': 'application/json',
    'content-disposition': 'attachment; filename="ratelimit.cpuprofile"',
  });
  response.end(profile);
}

function heapSnapshot(response: ServerResponse): void {
  response.writeHead(200, {
    'content-type': 'application/json',
    'content-disposition': 'attachment; filename="ratelimit.heapsnapshot"',
  });
  getHeapSnapshot().pipe(response);
}
