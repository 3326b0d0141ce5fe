// Property tests: @repo/endpoint against the reference @octokit/endpoint on thousands of random
// inputs. Results must be identical except the documented method case and user-agent
// (reference-oracle.ts#normalise); when one throws the other must throw the same error class.
// Seeded for a deterministic CI; ENDPOINT_PROPERTY_SEED / ENDPOINT_PROPERTY_RUNS override.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { defaultsChain, options as optionsArbitrary, route as routeArbitrary } from './arbitraries';
import { cloneDeep, deepFreeze } from './clone';
import { type AnyEndpoint, freshReference, normalise, ours, outcome } from './reference-oracle';

const seed = Number(process.env.ENDPOINT_PROPERTY_SEED ?? 20261122);
const numRuns = Number(process.env.ENDPOINT_PROPERTY_RUNS ?? 2000);

/** Call shapes: endpoint(route, options), endpoint(options), endpoint(route). */
const call = fc.record({
  chain: defaultsChain,
  route: fc.oneof(
    { weight: 8, arbitrary: fc.option(routeArbitrary, { nil: undefined }) },
    { weight: 1, arbitrary: fc.constantFrom<unknown>(null, 5, ['GET /x']) },
  ),
  options: fc.oneof(
    { weight: 8, arbitrary: fc.option(optionsArbitrary, { nil: undefined }) },
    { weight: 1, arbitrary: fc.constantFrom<unknown>(null, 'ab', 7) },
  ),
});
type Call = { chain: unknown[]; route: unknown; options: unknown };

/** Builds the chain; for ours every input and every DEFAULTS is deep-frozen (no call may write them). */
function build(root: AnyEndpoint, chain: unknown[], freeze: boolean): AnyEndpoint {
  let level = root;
  for (const defaults of chain) {
    level = level.defaults(freeze ? deepFreeze(cloneDeep(defaults)) : cloneDeep(defaults));
    if (freeze) deepFreeze(level.DEFAULTS);
  }
  return level;
}

function argumentsOf({ route, options }: Call, freeze: boolean): unknown[] {
  const copy = (value: unknown) => (freeze ? deepFreeze(cloneDeep(value)) : cloneDeep(value));
  if (route === undefined) return [copy(options)];
  return options === undefined ? [route] : [route, copy(options)];
}

type Member = (level: AnyEndpoint, args: unknown[]) => unknown;

function compare(input: Call, member: Member, isParsed: boolean): void {
  const mine = normalise(
    outcome(() => member(build(ours, input.chain, true), argumentsOf(input, true))),
    isParsed,
  );
  const theirs = normalise(
    outcome(() => member(build(freshReference(), input.chain, false), argumentsOf(input, false))),
    isParsed,
  );
  assert.deepStrictEqual(mine, theirs);
}

function check(property: fc.IProperty<[Call]>, t: { diagnostic(message: string): void }): void {
  t.diagnostic(`fast-check seed ${seed}, ${numRuns} runs`);
  fc.assert(property, { seed, numRuns });
}

describe('endpoint compared with @octokit/endpoint', () => {
  it('endpoint(...) gives the same result or the same error class', (t) => {
    check(
      fc.property(call, (input) => compare(input, (level, args) => level(...args), true)),
      t,
    );
  });

  it('endpoint.merge(...) gives the same merged options', (t) => {
    check(
      fc.property(call, (input) => compare(input, (level, args) => level.merge(...args), false)),
      t,
    );
  });

  it('endpoint.defaults(...) chains have the same DEFAULTS', (t) => {
    check(
      fc.property(call, (input) => compare(input, (level) => level.DEFAULTS, false)),
      t,
    );
  });

  it('endpoint.parse(merged) on hand-made merged options gives the same result', (t) => {
    const handMade = fc.record({
      chain: fc.constant([] as unknown[]),
      route: fc.constant(undefined),
      options: optionsArbitrary,
    });
    check(
      fc.property(handMade, (input) => {
        const merged = {
          method: 'GET',
          baseUrl: 'https://example.com',
          headers: {},
          mediaType: { format: '' },
          ...input.options,
        };
        compare({ ...input, options: merged }, (level, [options]) => level.parse(options), true);
      }),
      t,
    );
  });

  it('endpoint(x) deep-equals parse(merge(x)) for ours', (t) => {
    check(
      fc.property(call, (input) => {
        const direct = outcome(() => build(ours, input.chain, true)(...argumentsOf(input, true)));
        const twoSteps = outcome(() => {
          const level = build(ours, input.chain, true);
          return level.parse(level.merge(...argumentsOf(input, true)));
        });
        assert.deepStrictEqual(direct, twoSteps);
      }),
      t,
    );
  });
});
