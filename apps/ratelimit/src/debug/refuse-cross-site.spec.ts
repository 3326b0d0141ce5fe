import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hostName, refuseCrossSite, type CrossSitePolicy, type RequestFacts } from './refuse-cross-site';

const POLICY: CrossSitePolicy = { listenerHost: '0.0.0.0', allowedHosts: [] };
const request = (facts: Partial<RequestFacts>): RequestFacts => ({
  host: 'localhost:6070',
  origin: undefined,
  secFetchSite: undefined,
  secFetchMode: undefined,
  method: 'GET',
  localAddress: '127.0.0.1',
  ...facts,
});
const HOST_REFUSED = (host: string) =>
  `the debug listener does not answer Host "${host}": only its own address, localhost, 127.0.0.1, [::1] ` +
  'and the names in CONSOLE_ALLOWED_HOSTS (another name may be a web page using DNS rebinding)';

describe(refuseCrossSite.name, () => {
  describe('Host', () => {
    it('answers localhost on any port, 127.0.0.1 and [::1] (a browser on the host, kubectl port-forward)', () => {
      for (const host of ['localhost:6070', 'LocalHost:31234', 'localhost', '127.0.0.1:6070', '[::1]:6070'])
        assert.equal(refuseCrossSite(request({ host }), POLICY), undefined, host);
    });

    it('answers the address the connection arrived on (the pod IP on 0.0.0.0)', () => {
      assert.equal(
        refuseCrossSite(request({ host: '10.1.2.3:6070', localAddress: '10.1.2.3' }), POLICY),
        undefined,
      );
      const mapped = request({ host: '10.1.2.3:6070', localAddress: '::ffff:10.1.2.3' });
      assert.equal(refuseCrossSite(mapped, POLICY), undefined);
      const v6 = request({ host: '[fd00::7]:6070', localAddress: 'fd00::7' });
      assert.equal(refuseCrossSite(v6, POLICY), undefined);
    });

    it('answers DEBUG_HOST when it names one host', () => {
      const policy = { listenerHost: 'rl-debug.internal', allowedHosts: [] };
      assert.equal(refuseCrossSite(request({ host: 'rl-debug.internal:6070' }), policy), undefined);
    });

    it('refuses any other name, e.g. a rebound evil.example, with the reason', () => {
      assert.equal(
        refuseCrossSite(request({ host: 'evil.example:6070' }), POLICY),
        HOST_REFUSED('evil.example:6070'),
      );
      const otherAddress = request({ host: '10.9.9.9:6070', localAddress: '10.1.2.3' });
      assert.equal(refuseCrossSite(otherAddress, POLICY), HOST_REFUSED('10.9.9.9:6070'));
      assert.equal(
        refuseCrossSite(request({ host: 'localhost.evil.example' }), POLICY),
        HOST_REFUSED('localhost.evil.example'),
      );
    });

    it('answers CONSOLE_ALLOWED_HOSTS: a name on any port, or name:port on that port only', () => {
      const policy = { listenerHost: '0.0.0.0', allowedHosts: ['rl.ops.example', 'rl-debug:6070'] };
      assert.equal(refuseCrossSite(request({ host: 'RL.ops.example:8443' }), policy), undefined);
      assert.equal(refuseCrossSite(request({ host: 'rl-debug:6070' }), policy), undefined);
      assert.equal(
        refuseCrossSite(request({ host: 'rl-debug:7000' }), policy),
        HOST_REFUSED('rl-debug:7000'),
      );
    });

    it('answers a request without Host (not a browser: browsers always send one)', () => {
      assert.equal(refuseCrossSite(request({ host: undefined }), POLICY), undefined);
    });
  });

  describe('Origin', () => {
    it("answers the page's own origin (http, or https behind a TLS proxy)", () => {
      for (const origin of ['http://localhost:6070', 'https://localhost:6070', 'HTTP://LOCALHOST:6070'])
        assert.equal(refuseCrossSite(request({ origin, method: 'POST' }), POLICY), undefined, origin);
    });

    it('refuses another origin, the null origin, and an Origin without Host', () => {
      assert.equal(
        refuseCrossSite(request({ origin: 'http://evil.example', method: 'POST' }), POLICY),
        'cross-origin request refused: Origin "http://evil.example" is not this listener\'s origin "http://localhost:6070"',
      );
      assert.equal(
        refuseCrossSite(request({ origin: 'http://localhost:3000' }), POLICY),
        'cross-origin request refused: Origin "http://localhost:3000" is not this listener\'s origin "http://localhost:6070"',
      );
      assert.equal(
        refuseCrossSite(request({ origin: 'null' }), POLICY),
        'cross-origin request refused: Origin "null" is not this listener\'s origin "http://localhost:6070"',
      );
      assert.equal(
        refuseCrossSite(request({ host: undefined, origin: 'http://localhost:6070' }), POLICY),
        'cross-origin request refused: Origin "http://localhost:6070" is not this listener\'s origin "http://<no Host>"',
      );
    });
  });

  describe('Sec-Fetch-Site', () => {
    it("answers the page's own requests and what the user typed", () => {
      for (const secFetchSite of ['same-origin', 'none'])
        assert.equal(refuseCrossSite(request({ secFetchSite, secFetchMode: 'cors' }), POLICY), undefined);
    });

    it('refuses what another site makes the browser send without an Origin (an <img>, a no-cors fetch)', () => {
      for (const secFetchSite of ['cross-site', 'same-site'])
        assert.equal(
          refuseCrossSite(request({ secFetchSite, secFetchMode: 'no-cors' }), POLICY),
          `cross-site request refused (Sec-Fetch-Site: ${secFetchSite}): open the page from the debug listener itself`,
        );
    });

    it('answers a followed link (a GET navigation: the linking page never sees the answer)', () => {
      const link = request({ secFetchSite: 'cross-site', secFetchMode: 'navigate' });
      assert.equal(refuseCrossSite(link, POLICY), undefined);
      const formPost = request({ secFetchSite: 'cross-site', secFetchMode: 'navigate', method: 'POST' });
      assert.match(refuseCrossSite(formPost, POLICY) ?? '', /^cross-site request refused/);
    });
  });
});

describe(hostName.name, () => {
  it('drops the port', () => {
    assert.equal(hostName('localhost:6070'), 'localhost');
    assert.equal(hostName('[::1]:6070'), '[::1]');
    assert.equal(hostName('[::1]'), '[::1]');
    assert.equal(hostName('example'), 'example');
  });
});
