import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  flagLines,
  parseDescriptor,
  parseRatelimitClientFlags,
  type RatelimitClientFlags,
} from './ratelimit-client-flags';

function flagsOf(argv: string[]): RatelimitClientFlags {
  const parsed = parseRatelimitClientFlags(argv);
  assert.equal(parsed.kind, 'flags', JSON.stringify(parsed));
  return (parsed as { flags: RatelimitClientFlags }).flags;
}

const errorOf = (argv: string[]) => {
  const parsed = parseRatelimitClientFlags(argv);
  return parsed.kind === 'error' ? parsed.message : parsed.kind;
};

describe(parseRatelimitClientFlags.name, () => {
  it('has the reference defaults: localhost:8081, hits_addend 1, plaintext', () => {
    const { shown, ...flags } = flagsOf([]);
    assert.equal(typeof shown, 'object');
    assert.deepEqual(flags, {
      dialString: 'localhost:8081',
      domain: '',
      descriptors: [],
      hitsAddend: 1,
      useTls: false,
      serverCaFile: '',
      certFile: '',
      keyFile: '',
      serverName: '',
      timeoutMs: 10_000,
      oltpProtocol: '',
    });
  });

  it('reads Go flag syntax: -name value, -name=value, --name value, --name=value', () => {
    const flags = flagsOf([
      '-dial_string',
      'a:1',
      '-domain=d',
      '--hits_addend',
      '5',
      '--grpc-server-name=x.test',
    ]);
    assert.equal(flags.dialString, 'a:1');
    assert.equal(flags.domain, 'd');
    assert.equal(flags.hitsAddend, 5);
    assert.equal(flags.serverName, 'x.test');
  });

  it('makes one descriptor of each -descriptors flag', () => {
    const flags = flagsOf(['-descriptors', 'a=1,b=2', '-descriptors=c=3']);
    assert.deepEqual(
      flags.descriptors.map((descriptor) => descriptor.entries),
      [
        [
          ['a', '1'],
          ['b', '2'],
        ],
        [['c', '3']],
      ],
    );
  });

  it('takes booleans as -name or -name=<Go bool>, never from the next argument', () => {
    assert.equal(flagsOf(['-grpc-use-tls']).useTls, true);
    assert.equal(flagsOf(['--grpc-use-tls=T']).useTls, true);
    assert.equal(flagsOf(['-grpc-use-tls=false']).useTls, false);
    assert.equal(errorOf(['-grpc-use-tls', 'true']), 'unexpected argument: true');
    assert.equal(
      errorOf(['-grpc-use-tls=yes']),
      'invalid boolean value "yes" for -grpc-use-tls: parse error',
    );
  });

  it('reports bad flags the way Go does', () => {
    assert.equal(errorOf(['-bogus']), 'flag provided but not defined: -bogus');
    assert.equal(errorOf(['-domain']), 'flag needs an argument: -domain');
    assert.equal(errorOf(['stray']), 'unexpected argument: stray');
    assert.equal(
      errorOf(['-descriptors', 'novalue']),
      'invalid value "novalue" for flag -descriptors: invalid descriptor list (want <key>=<value>,...)',
    );
    assert.equal(
      errorOf(['-hits_addend', '-1']),
      'invalid value "-1" for flag -hits_addend: want an integer from 0 to 4294967295',
    );
    assert.equal(
      errorOf(['-hits_addend', '4294967296']),
      'invalid value "4294967296" for flag -hits_addend: want an integer from 0 to 4294967295',
    );
    assert.match(errorOf(['-timeout', '10']), /^invalid value "10" for flag -timeout: invalid duration/);
    assert.equal(
      errorOf(['-grpc-cert-file', 'c.pem']),
      '-grpc-cert-file and -grpc-key-file must be given together',
    );
  });

  it('asks for the usage with -h, -help or --help', () => {
    assert.equal(errorOf(['-h']), 'help');
    assert.equal(errorOf(['-domain', 'x', '--help']), 'help');
  });

  it('stops at -- and refuses arguments after it', () => {
    assert.equal(flagsOf(['-domain', 'x', '--']).domain, 'x');
    assert.equal(errorOf(['--', '-domain']), 'unexpected argument: -domain');
  });
});

describe(parseDescriptor.name, () => {
  it('splits each pair at its first =, so values may contain =', () => {
    assert.deepEqual(parseDescriptor('token=a=b,k=')?.entries, [
      ['token', 'a=b'],
      ['k', ''],
    ]);
    assert.equal(parseDescriptor('a=1,b'), undefined);
  });
});

describe(flagLines.name, () => {
  it('prints every flag sorted by name, as Go flag.VisitAll', () => {
    assert.deepEqual(flagLines(flagsOf(['-domain', 'd', '-descriptors', 'k=v', '-grpc-use-tls'])), [
      'Flag: --descriptors=["k=v"]',
      'Flag: --dial_string="localhost:8081"',
      'Flag: --domain="d"',
      'Flag: --grpc-cert-file=""',
      'Flag: --grpc-key-file=""',
      'Flag: --grpc-server-ca-file=""',
      'Flag: --grpc-server-name=""',
      'Flag: --grpc-use-tls="true"',
      'Flag: --hits_addend="1"',
      'Flag: --oltp-protocol=""',
      'Flag: --timeout="10s"',
    ]);
  });
});
