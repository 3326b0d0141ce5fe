// The `ratelimit-client` CLI end to end (docs/cli.md#ratelimit-client): the built CLI runs
// as its own process against the real app over plaintext, TLS and mutual TLS; its output and
// exit codes (0 OK, 1 OVER_LIMIT, 2 error) are checked.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createTestCertificates, freePort, type TestCertificates } from '@repo/test-support';
import { cliEntry } from '../../load/e2e-target';
import { FakeClock } from '../support/fake-clock';
import { createRulesDir } from '../../load/rules-dir';
import { startTestApp, type TestApp } from '../support/start-app';

/** The CLI of the build under test (e2e-target.ts). */
const CLI = cliEntry('ratelimit-client');
/** What bin/ratelimit-client.js runs: the bundled CLI, seen from <dist>/apps/ratelimit/test/e2e/. */
const BUNDLED_CLI = join(__dirname, '..', '..', 'bundle', 'ratelimit-client.js');
const RULES =
  'domain: cli\ndescriptors:\n  - key: user\n    rate_limit: { unit: minute, requests_per_unit: 2 }\n';
// 2026-11-24T00:00:02Z: 58 s left in the minute.
const START_MS = Date.UTC(2026, 10, 24, 0, 0, 2);

interface CliRun {
  readonly code: number | null;
  readonly stdout: string[];
  readonly stderr: string;
}

function runCli(args: readonly string[]): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout: stdout.trimEnd().split('\n'), stderr }));
  });
}

const response = (run: CliRun) => run.stdout.at(-1);

/** The folder holding bin/ (the build output may sit at any depth below it). */
function repositoryRoot(): string {
  let dir = __dirname;
  while (!existsSync(join(dir, 'bin', 'ratelimit-client.js'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no bin/ratelimit-client.js above ${__dirname}`);
    dir = parent;
  }
  return dir;
}

describe('ratelimit-client', { timeout: 60_000 }, () => {
  const rules = createRulesDir({ 'cli.yaml': RULES });
  const apps: TestApp[] = [];
  let certs: TestCertificates;
  const start = async (env: Record<string, string> = {}) => {
    const app = await startTestApp({ ...rules.env, ...env }, { clock: new FakeClock(START_MS) });
    apps.push(app);
    return app;
  };
  before(async () => {
    certs = await createTestCertificates();
  });
  after(async () => {
    for (const app of apps) await app.stop();
  });

  describe('over plaintext', () => {
    let dial: string;
    before(async () => {
      dial = `127.0.0.1:${(await start()).service.grpcPort}`;
    });

    it('prints every flag, then the response in proto3 JSON; exit 0 when OK', async () => {
      const run = await runCli(['-dial_string', dial, '-domain=cli', '--descriptors', 'user=alice']);
      assert.deepEqual(run, {
        code: 0,
        stdout: [
          'Flag: --descriptors=["user=alice"]',
          `Flag: --dial_string="${dial}"`,
          'Flag: --domain="cli"',
          'Flag: --grpc-cert-file=""',
          'Flag: --grpc-key-file=""',
          'Flag: --grpc-server-ca-file=""',
          'Flag: --grpc-server-name=""',
          'Flag: --grpc-use-tls="false"',
          'Flag: --hits_addend="1"',
          'Flag: --oltp-protocol=""',
          'Flag: --timeout="10s"',
          'response: {"overallCode":"OK","statuses":[{"code":"OK","currentLimit":{"requestsPerUnit":2,"unit":"MINUTE"},"limitRemaining":1,"durationUntilReset":"58s"}]}',
        ],
        stderr: '',
      });
    });

    it('exits 1 when OVER_LIMIT; -hits_addend and one descriptor per -descriptors flag', async () => {
      const run = await runCli([
        `-dial_string=${dial}`,
        '-domain',
        'cli',
        '-descriptors',
        'user=bob',
        '-descriptors',
        'user=carol,other=x',
        '-hits_addend',
        '3',
      ]);
      assert.equal(run.code, 1);
      assert.equal(
        response(run),
        'response: {"overallCode":"OVER_LIMIT","statuses":[{"code":"OVER_LIMIT","currentLimit":{"requestsPerUnit":2,"unit":"MINUTE"},"durationUntilReset":"58s"},{"code":"OK"}]}',
      );
      assert.ok(run.stdout.includes('Flag: --descriptors=["user=bob","user=carol,other=x"]'));
    });

    it('exits 2 with `request error:` when a request is invalid', async () => {
      const run = await runCli(['-dial_string', dial, '-domain', 'cli']);
      assert.equal(run.code, 2);
      assert.match(response(run) ?? '', /^request error: 3 INVALID_ARGUMENT: /);
    });

    it('exits 2 with `request error:` when nothing listens', async () => {
      const run = await runCli([
        '-dial_string',
        `127.0.0.1:${await freePort()}`,
        '-domain',
        'cli',
        '-descriptors',
        'a=b',
      ]);
      assert.equal(run.code, 2);
      assert.match(response(run) ?? '', /^request error: 14 UNAVAILABLE: /);
    });

    it('exits 2 on a bad flag, printing the problem and the usage on stderr', async () => {
      const run = await runCli(['-bogus']);
      assert.equal(run.code, 2);
      assert.deepEqual(run.stdout, ['']);
      assert.match(run.stderr, /^flag provided but not defined: -bogus\nusage: ratelimit-client \[flags\]\n/);
    });
  });

  describe('over TLS and mutual TLS', () => {
    let tlsDial: string;
    let mtlsDial: string;
    before(async () => {
      const tls = {
        GRPC_SERVER_USE_TLS: 'true',
        GRPC_SERVER_TLS_CERT: certs.serverCert,
        GRPC_SERVER_TLS_KEY: certs.serverKey,
      };
      tlsDial = `localhost:${(await start(tls)).service.grpcPort}`;
      mtlsDial = `localhost:${(await start({ ...tls, GRPC_CLIENT_TLS_CACERT: certs.caCert })).service.grpcPort}`;
    });
    const ask = (dial: string, ...flags: string[]) =>
      runCli([
        '-dial_string',
        dial,
        '-domain',
        'cli',
        '-descriptors',
        'user=dave',
        '-grpc-use-tls',
        ...flags,
      ]);

    it('verifies the server against -grpc-server-ca-file', async () => {
      const run = await ask(tlsDial, '-grpc-server-ca-file', certs.caCert);
      assert.equal(run.code, 0);
      assert.match(response(run) ?? '', /^response: \{"overallCode":"OK"/);
      assert.ok(run.stdout.includes('Flag: --grpc-use-tls="true"'));
    });

    it('fails when the server certificate is not for -grpc-server-name', async () => {
      const run = await ask(
        tlsDial,
        '-grpc-server-ca-file',
        certs.caCert,
        '-grpc-server-name',
        'billing.internal',
      );
      assert.equal(run.code, 2);
      assert.match(response(run) ?? '', /^request error: 14 UNAVAILABLE: /);
    });

    it('presents -grpc-cert-file and -grpc-key-file to an mTLS server', async () => {
      const client = ['-grpc-cert-file', certs.clientCert, '-grpc-key-file', certs.clientKey];
      const run = await ask(mtlsDial, '-grpc-server-ca-file', certs.caCert, ...client);
      assert.equal(run.code, 0);
      assert.match(response(run) ?? '', /^response: \{"overallCode":"OK"/);
    });

    it('is refused by an mTLS server without a client certificate', async () => {
      const run = await ask(mtlsDial, '-grpc-server-ca-file', certs.caCert);
      assert.equal(run.code, 2);
      assert.match(response(run) ?? '', /^request error: 14 UNAVAILABLE: /);
    });

    it('exits 2 naming an unreadable TLS file', async () => {
      const missing = join(certs.dir, 'missing.pem');
      const run = await ask(tlsDial, '-grpc-server-ca-file', missing);
      assert.equal(run.code, 2);
      assert.match(
        response(run) ?? '',
        new RegExp(`^request error: cannot read -grpc-server-ca-file=${missing}: ENOENT`),
      );
    });
  });

  it('is what bin/ratelimit-client.js runs', () => {
    const bin = readFileSync(join(repositoryRoot(), 'bin', 'ratelimit-client.js'), 'utf8');
    assert.match(bin, /require\('\.\.\/dist\/apps\/ratelimit\/bundle\/ratelimit-client\.js'\)\.main\(\)/);
    assert.ok(existsSync(BUNDLED_CLI));
  });
});
