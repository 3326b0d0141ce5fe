import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_USER_AGENT } from './defaults';
import { PACKAGE_NAME, USER_AGENT_PRODUCT, VERSION } from './version';

/** libs/endpoint/package.json: the source tree's copy, found from dist/ or from source. */
function readPackageJson(): { name: string; version: string } {
  let dir = __dirname;
  for (let depth = 0; depth < 8; depth++, dir = join(dir, '..')) {
    try {
      return JSON.parse(readFileSync(join(dir, 'libs/endpoint/package.json'), 'utf8')) as never;
    } catch {
      // keep walking up to the repository root
    }
  }
  throw new Error('libs/endpoint/package.json not found');
}

describe('version', () => {
  it('matches libs/endpoint/package.json', () => {
    const manifest = readPackageJson();
    assert.equal(PACKAGE_NAME, manifest.name);
    assert.equal(VERSION, manifest.version);
  });
});

describe('USER_AGENT_PRODUCT', () => {
  // RFC 9110 section 5.6.2 tchar, and section 10.1.5: User-Agent = product *( RWS ( product / comment ) ).
  const TOKEN = "[!#$%&'*+\\-.^_`|~0-9A-Za-z]+";
  const PRODUCT = new RegExp(`^${TOKEN}(/${TOKEN})?$`);

  it('is an RFC 9110 token made from the package name like the reference (@octokit/endpoint -> octokit-endpoint.js)', () => {
    assert.match(USER_AGENT_PRODUCT, new RegExp(`^${TOKEN}$`));
    assert.equal(USER_AGENT_PRODUCT, `${PACKAGE_NAME.slice(1).replace('/', '-')}.js`);
  });

  it('makes the default user-agent a valid product followed by the runtime', () => {
    const [product, ...runtime] = DEFAULT_USER_AGENT.split(' ');
    assert.match(product, PRODUCT);
    assert.equal(product, `repo-endpoint.js/${VERSION}`);
    assert.match(runtime.join(' '), /^Node\.js\/\d+\.\d+\.\d+ \(\w+; \w+\)$/);
  });
});
