import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { RatelimitClientFlags } from './ratelimit-client-flags';
import { requestFrom, runRatelimitClient, type SendRequest } from './ratelimit-client';

async function run(argv: string[], send: SendRequest) {
  const out: string[] = [];
  const err: string[] = [];
  const exitCode = await runRatelimitClient(
    argv,
    { out: (line) => out.push(line), err: (line) => err.push(line) },
    send,
  );
  return { exitCode, out, err };
}

const answering =
  (overallCode: string): SendRequest =>
  () =>
    Promise.resolve({ overallCode, statuses: [{ code: overallCode }] });

describe(runRatelimitClient.name, () => {
  it('sends domain, one descriptor per flag and hits_addend 1, and prints the response; exit 0', async () => {
    let sent: object | undefined;
    const result = await run(
      ['-domain', 'd', '-descriptors', 'a=1,b=2', '-descriptors', 'c=3'],
      (_flags, request) => {
        sent = request;
        return Promise.resolve({ overallCode: 'OK' });
      },
    );
    assert.deepEqual(sent, {
      domain: 'd',
      descriptors: [
        {
          entries: [
            { key: 'a', value: '1' },
            { key: 'b', value: '2' },
          ],
        },
        { entries: [{ key: 'c', value: '3' }] },
      ],
      hitsAddend: 1,
    });
    assert.equal(result.exitCode, 0);
    assert.equal(result.out.length, 12);
    assert.equal(result.out.at(-1), 'response: {"overallCode":"OK"}');
    assert.deepEqual(result.err, []);
  });

  it('exits 1 when OVER_LIMIT', async () => {
    const result = await run(['-domain', 'd', '-descriptors', 'a=1'], answering('OVER_LIMIT'));
    assert.equal(result.exitCode, 1);
    assert.equal(
      result.out.at(-1),
      'response: {"overallCode":"OVER_LIMIT","statuses":[{"code":"OVER_LIMIT"}]}',
    );
  });

  it('prints `request error:` on one line and exits 2 when the request fails', async () => {
    const result = await run(['-domain', 'd'], () =>
      Promise.reject(new Error('14 UNAVAILABLE: No connection established\n (at 12:00). Resolution note: ')),
    );
    assert.equal(result.exitCode, 2);
    assert.equal(
      result.out.at(-1),
      'request error: 14 UNAVAILABLE: No connection established (at 12:00). Resolution note: ',
    );
  });

  it('prints the problem and the usage on stderr and exits 2 on a bad flag; -help exits 0', async () => {
    const unreachable: SendRequest = () => assert.fail('no request may be sent');
    const bad = await run(['-nope'], unreachable);
    assert.equal(bad.exitCode, 2);
    assert.deepEqual(bad.out, []);
    assert.equal(bad.err[0], 'flag provided but not defined: -nope');
    assert.match(bad.err[1], /^usage: ratelimit-client \[flags\]\n {2}-descriptors string\n/);
    const help = await run(['-help'], unreachable);
    assert.equal(help.exitCode, 0);
    assert.match(help.err[0], /^usage: ratelimit-client/);
  });

  it('warns that TLS file flags do nothing without -grpc-use-tls', async () => {
    const result = await run(['-grpc-server-ca-file', 'ca.pem'], answering('OK'));
    assert.deepEqual(result.err, ['warning: TLS flags are ignored without -grpc-use-tls']);
  });
});

describe(requestFrom.name, () => {
  it('carries -hits_addend', () => {
    const flags = { domain: 'd', descriptors: [], hitsAddend: 7 } as unknown as RatelimitClientFlags;
    assert.deepEqual(requestFrom(flags), { domain: 'd', descriptors: [], hitsAddend: 7 });
  });
});
