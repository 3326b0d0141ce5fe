// Boots the real service in this process from a Settings object (never from process.env) on
// free loopback ports, with a fake clock when the test wants one, and stops it afterwards. The
// service comes from the build e2e-target.ts names (compiled tree or production bundle).
import { pino } from 'pino';
import { parseSettings, type Env, type Settings } from '../../src/settings/settings';
import type { AppOverrides, RunningRatelimit } from '../../src/create-app';
import { loadStartRatelimit } from '../../load/e2e-target';
import { createRlsClient, type RlsClient } from '../../load/rls-client';

export interface TestApp {
  readonly service: RunningRatelimit;
  readonly settings: Settings;
  readonly grpc: RlsClient;
  readonly httpUrl: string;
  readonly debugUrl: string;
  /** POST /json with a JSON value (or a raw string); returns status, body text and parsed JSON. */
  json(body: unknown): Promise<{ status: number; text: string; body: unknown; contentType: string | null }>;
  stop(): Promise<void>;
}

/** Settings every test app shares: loopback, ports picked by the OS, no stats sink, quiet logs. */
export const TEST_APP_ENV: Readonly<Env> = {
  HOST: '127.0.0.1',
  PORT: '0',
  GRPC_HOST: '127.0.0.1',
  GRPC_PORT: '0',
  DEBUG_HOST: '127.0.0.1',
  DEBUG_PORT: '0',
  USE_PUSHSTATS: 'false',
  DISABLE_STATS: 'true',
  BACKEND_TYPE: 'memory',
  EXPIRATION_JITTER_MAX_SECONDS: '0',
  SHUTDOWN_DRAIN_SECONDS: '2',
};

export async function startTestApp(env: Env, overrides: AppOverrides = {}): Promise<TestApp> {
  const settings = parseSettings({ ...TEST_APP_ENV, ...env });
  const startRatelimit = await loadStartRatelimit();
  const service = await startRatelimit(settings, { logger: pino({ level: 'silent' }), ...overrides });
  const grpc = createRlsClient(
    settings.server.grpcUds === '' ? `127.0.0.1:${service.grpcPort}` : `unix:${settings.server.grpcUds}`,
  );
  const httpUrl = `http://127.0.0.1:${service.httpPort}`;
  return {
    service,
    settings,
    grpc,
    httpUrl,
    debugUrl: `http://127.0.0.1:${service.debugPort}`,
    json: async (body) => {
      const response = await fetch(`${httpUrl}/json`, {
        method: 'POST',
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
      const text = await response.text();
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
      return {
        status: response.status,
        text,
        body: parsed,
        contentType: response.headers.get('content-type'),
      };
    },
    stop: async () => {
      grpc.close();
      await service.shutdown();
    },
  };
}
