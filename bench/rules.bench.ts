// `npm run bench -- rules` (or `node scripts/bench.mjs rules`): findLimit calls per second on a
// 3-level config with wildcards (the hot path of every ShouldRateLimit descriptor), for a mix of
// exact, wildcard, default, detailed_metric and no-match lookups. Prints calls/s per round.
import { compileSnapshot, parseYamlConfig, type Descriptor, type RawDomainConfig } from '@repo/rules';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const CALLS_PER_ROUND = Number(process.env.BENCH_CALLS ?? 1_000_000);

const RULES = `
domain: bench
descriptors:
  - key: tenant
    value: acme
    descriptors:
      - key: route
        value: /api/v1/*
        descriptors:
          - key: method
            value: GET
            rate_limit: {unit: second, requests_per_unit: 100}
          - key: method
            rate_limit: {unit: second, requests_per_unit: 50}
      - key: route
        value: /static/*.css
        descriptors:
          - key: method
            rate_limit: {unit: minute, requests_per_unit: 1000}
      - key: route
        descriptors:
          - key: method
            detailed_metric: true
            rate_limit: {unit: minute, requests_per_unit: 10}
  - key: tenant
    descriptors:
      - key: route
        descriptors:
          - key: method
            rate_limit: {unit: hour, requests_per_unit: 5}
  - key: remote_address
    rate_limit: {unit: second, requests_per_unit: 10}
`;

const entries = (...pairs: [string, string][]) => ({
  entries: pairs.map(([key, value]) => ({ key, value })),
});
const mix: Descriptor[] = [
  entries(['tenant', 'acme'], ['route', '/api/v1/users'], ['method', 'GET']), // exact + wildcard + exact
  entries(['tenant', 'acme'], ['route', '/api/v1/orders'], ['method', 'POST']), // wildcard + default
  entries(['tenant', 'acme'], ['route', '/static/app.css'], ['method', 'GET']), // 2nd wildcard
  entries(['tenant', 'acme'], ['route', '/other'], ['method', 'GET']), // default + detailed_metric
  entries(['tenant', 'globex'], ['route', '/x'], ['method', 'GET']), // defaults all the way
  entries(['remote_address', '10.0.0.1']), // one level
  entries(['unknown', 'x']), // no match
];

function main(): void {
  const { config, errors } = parseYamlConfig('bench.yaml', RULES);
  if (errors.length > 0) throw errors[0];
  const snapshot = compileSnapshot([config as RawDomainConfig], { mergeDomainConfigs: false });
  let matched = 0;
  const rates: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < CALLS_PER_ROUND; i++) {
      if (snapshot.findLimit('bench', mix[i % mix.length]) !== undefined) matched++;
    }
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    rates.push(CALLS_PER_ROUND / seconds);
    console.log(
      `round ${round + 1}: ${Math.round(CALLS_PER_ROUND / seconds).toLocaleString('en-US')} findLimit calls/s`,
    );
  }
  rates.sort((a, b) => a - b);
  const median = rates[Math.floor(rates.length / 2)];
  console.log(
    `median: ${Math.round(median).toLocaleString('en-US')} calls/s (${(1e9 / median).toFixed(0)} ns/call; ${matched} matches)`,
  );
}

main();
