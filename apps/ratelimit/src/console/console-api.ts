// The console on the debug listener (docs/console.md): `GET /console` (the page and its files
// under /console/) and its JSON API under /console/api/:
//   GET  rules            the rules in force as a tree per domain, where they came from, the loads
//   GET  traffic?seconds  per stats key, hits / near-limit / over-limit per second
//   GET  limited?top      per rule, the values with the most over-limit hits
//   GET  live?since&top   what an open page asks every second: traffic and limited in one answer,
//                         with the count of rule loads so the page asks for the rules only after one
//   POST try[?count=true] a /json request body; answers as /json (hits 0 unless count=true)
//   POST check            YAML text: errors with line and column, limits added/removed/changed
// POST bodies need a content type a cross-site page cannot send (refuse-content-type.ts): 415.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CompileOptions, RuleRegistry } from '@repo/rules';
import type { Clock } from '../clock';
import type { RateLimitDecision, RateLimitRequest } from '../rate-limit-types';
import { checkRules } from './check-rules';
import { consoleFiles } from './console-page';
import type { OperatorConsole } from './operator-console';
import { readBody } from './read-body';
import { refuseContentType } from './refuse-content-type';
import { tryRequest, type TryAnswer } from './try-request';

export interface ConsoleDependencies {
  readonly console: OperatorConsole;
  readonly registry: Pick<RuleRegistry, 'snapshot'>;
  /** Where the rules come from: the rules directory, or the xDS server. */
  readonly origin: string;
  readonly compileOptions: CompileOptions;
  readonly clock: Clock;
  /** The decision service (the same as /json's). */
  decide(request: RateLimitRequest): Promise<RateLimitDecision>;
}

const MAX_BODY_BYTES = 1024 * 1024;
const DEFAULT_TOP = 20;
const MAX_TOP = 64;
const MAX_CHECKS_RUNNING = 2;

export class ConsoleApi {
  private checksRunning = 0;

  constructor(private readonly dependencies: ConsoleDependencies) {}

  /** Answers a request under /console; the caller checked the path. */
  async handle(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    const path = url.pathname;
    if (path === '/console' || path === '/console/') return this.page(response, 'index.html');
    if (!path.startsWith('/console/api/')) return this.page(response, path.slice('/console/'.length));
    const name = path.slice('/console/api/'.length);
    const route = `${request.method ?? 'GET'} ${name}`;
    const refused =
      request.method === 'POST' ? refuseContentType(name, request.headers['content-type']) : undefined;
    if (refused !== undefined) return json(response, 415, { error: refused });
    switch (route) {
      case 'GET rules':
        return json(response, 200, this.rules());
      case 'GET traffic':
        return json(response, 200, this.traffic(url));
      case 'GET limited':
        return json(response, 200, this.limited(url));
      case 'GET live':
        return json(response, 200, this.live(url));
      case 'POST try':
        return this.tryAnswer(
          response,
          await tryRequest(await readBody(request, MAX_BODY_BYTES), url, this.dependencies.decide),
        );
      case 'POST check':
        return this.check(response, await readBody(request, MAX_BODY_BYTES));
      default:
        return json(response, 404, { error: `no console API route ${route}` });
    }
  }

  private page(response: ServerResponse, name: string): void {
    const file = consoleFiles().get(name);
    if (file === undefined) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      response.end(
        name === 'index.html'
          ? 'the console page was not built (npm run build)\n'
          : `no such file: ${name}\n`,
      );
      return;
    }
    response.writeHead(200, { 'content-type': file.contentType, 'cache-control': 'no-cache' });
    response.end(file.content);
  }

  private rules(): unknown {
    const { console, registry, origin, clock } = this.dependencies;
    const { lastAttempt, lastSuccess, lastFailure } = console.loads;
    return {
      nowMs: clock.nowMs(),
      // with WORKERS=N each process keeps its own figures: the page names the one that answered
      pid: process.pid,
      origin,
      lastAttempt: lastAttempt ?? null,
      lastSuccess: lastSuccess ?? null,
      lastFailure: lastFailure ?? null,
      domains: registry.snapshot?.describe() ?? [],
    };
  }

  private traffic(url: URL): unknown {
    const { traffic } = this.dependencies.console;
    const max = traffic.options.seconds;
    // `since`: only the seconds after the one a page already has (an open page asks every second)
    const since = url.searchParams.get('since');
    const seconds =
      since === null
        ? boundedInteger(url.searchParams.get('seconds'), max, 1, max)
        : Math.min(max, Math.max(0, traffic.lastSecond - boundedInteger(since, 0, 0, traffic.lastSecond)));
    return {
      lastSecond: traffic.lastSecond,
      seconds,
      untrackedKeys: traffic.untrackedKeys,
      series: traffic.series(seconds),
    };
  }

  /**
   * One request a second instead of two (each costs the service an HTTP exchange on the loop that
   * serves the calls), and the rules tree only when a load happened since the page last asked.
   */
  private live(url: URL): unknown {
    return {
      pid: process.pid,
      ruleLoads: this.dependencies.console.loads.count,
      traffic: this.traffic(url),
      limited: this.limited(url),
    };
  }

  private limited(url: URL): unknown {
    const { limited } = this.dependencies.console;
    const top = boundedInteger(url.searchParams.get('top'), DEFAULT_TOP, 1, MAX_TOP);
    const { slots, minutes } = limited.options;
    return {
      windowMinutes: minutes,
      slotsPerMinute: slots,
      droppedHits: limited.droppedHits,
      rules: limited.top(top, this.dependencies.clock.nowMs()),
    };
  }

  /** Checks run one at a time in the check worker (libs/rules check-worker.ts): one running, one waiting. */
  private async check(response: ServerResponse, yaml: string): Promise<void> {
    if (this.checksRunning >= MAX_CHECKS_RUNNING) {
      return json(response, 503, { error: `${MAX_CHECKS_RUNNING} rules checks are running; try again` });
    }
    this.checksRunning += 1;
    try {
      const { registry, compileOptions } = this.dependencies;
      json(response, 200, await checkRules(yaml, registry.snapshot, compileOptions));
    } finally {
      this.checksRunning -= 1;
    }
  }

  private tryAnswer(response: ServerResponse, answer: TryAnswer): void {
    response.writeHead(answer.statusCode, { 'content-type': 'application/json' });
    response.end(answer.body);
  }
}

function json(response: ServerResponse, statusCode: number, body: unknown): void {
  response.writeHead(statusCode, { 'content-type': 'application/json' });
  response.end(`${JSON.stringify(body)}\n`);
}

/** A query parameter as an integer within [min, max]; `fallback` when absent or not a number. */
function boundedInteger(raw: string | null, fallback: number, min: number, max: number): number {
  const value = raw === null ? NaN : Number.parseInt(raw, 10);
  return Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : fallback;
}
