// fast-check generators of hostile requests: /json bodies (any text, any JSON, requests with
// wrong types, huge numbers, deep nesting, very long strings, thousands of descriptors) and
// gRPC messages (random bytes, random protobuf fields with any wire type, well-typed messages
// with extreme values).
import fc from 'fast-check';

/** Any JSON-ish value, including the extremes that break naive parsers. */
const anything: fc.Arbitrary<unknown> = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.constantFrom(1e308, -1, -0, 2 ** 53, 2 ** 64, 4294967296, '18446744073709551616', '1e400', 'NaN', ''),
  fc.bigInt({ min: 0n, max: 2n ** 70n }).map(String),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }),
);

/** Mostly the right shape, with any field replaced by anything. */
const entryLike = fc.record(
  { key: fc.oneof(fc.string(), anything), value: fc.oneof(fc.string(), anything) },
  { requiredKeys: [] },
);
const descriptorLike = fc.record(
  {
    entries: fc.oneof(fc.array(entryLike, { maxLength: 4 }), anything),
    limit: fc.oneof(fc.record({ requestsPerUnit: anything, unit: anything }, { requiredKeys: [] }), anything),
    hitsAddend: anything,
    hits_addend: anything,
    extra: anything,
  },
  { requiredKeys: [] },
);
const requestLike = fc.record(
  {
    domain: fc.oneof(fc.constant('hostile'), fc.string(), anything),
    descriptors: fc.oneof(fc.array(descriptorLike, { maxLength: 6 }), anything),
    hitsAddend: anything,
  },
  { requiredKeys: [] },
);

const validDescriptor = (key: string, value: string) => ({ entries: [{ key, value }] });

/** Valid requests that are large in one dimension. */
const bigRequests = fc.oneof(
  fc.integer({ min: 1000, max: 8000 }).map((count) => ({
    domain: 'hostile',
    descriptors: Array.from({ length: count }, (_, i) => validDescriptor('client', `v${i}`)),
  })),
  fc.integer({ min: 1000, max: 5000 }).map((count) => ({
    domain: 'hostile',
    descriptors: [{ entries: Array.from({ length: count }, (_, i) => ({ key: `k${i}`, value: 'v' })) }],
  })),
  fc.integer({ min: 10_000, max: 400_000 }).map((length) => ({
    domain: 'hostile',
    descriptors: [validDescriptor('client', 'v'.repeat(length)), validDescriptor('k'.repeat(length), 'v')],
  })),
);

/** Arrays or objects nested `depth` levels where a descriptor list is expected. */
const deepNesting = fc
  .tuple(fc.integer({ min: 100, max: 400_000 }), fc.boolean())
  .map(([depth, objects]) =>
    objects
      ? `{"domain":"hostile","descriptors":[${'{"entries":'.repeat(depth)}[]${'}'.repeat(depth)}]}`
      : `{"domain":"hostile","descriptors":${'['.repeat(depth)}${']'.repeat(depth)}}`,
  );

/** /json request bodies (text). */
export const jsonBodies: fc.Arbitrary<string> = fc.oneof(
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)) },
  { weight: 6, arbitrary: requestLike.map((value) => JSON.stringify(value)) },
  { weight: 1, arbitrary: bigRequests.map((value) => JSON.stringify(value)) },
  { weight: 1, arbitrary: deepNesting },
);

/** One protobuf field with a random number and wire type and a payload that may lie about its length. */
const rawField = fc
  .tuple(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 0, max: 7 }), fc.uint8Array({ maxLength: 12 }))
  .map(([field, wireType, payload]) => Buffer.concat([Buffer.from([(field << 3) | wireType]), payload]));

/** Messages in the shape of RateLimitRequest with extreme values (encoded by the client). */
const extremeMessages = fc.record({
  domain: fc.oneof(fc.constant('hostile'), fc.string({ unit: 'binary', maxLength: 50 })),
  descriptors: fc.array(
    fc.record({
      entries: fc.array(
        fc.record({ key: fc.string({ maxLength: 20 }), value: fc.string({ maxLength: 50 }) }),
        {
          maxLength: 4,
        },
      ),
      limit: fc.option(
        fc.record({ requestsPerUnit: fc.nat({ max: 4294967295 }), unit: fc.integer({ min: 0, max: 99 }) }),
        { nil: undefined },
      ),
      hitsAddend: fc.option(
        fc.record({ value: fc.oneof(fc.nat(), fc.constantFrom('9007199254740993', '18446744073709551615')) }),
        { nil: undefined },
      ),
    }),
    { maxLength: 5 },
  ),
  hitsAddend: fc.nat({ max: 4294967295 }),
});

/** A gRPC request: raw bytes sent as the message, or a message object the client encodes. */
export type GrpcInput = { readonly raw: Buffer } | { readonly message: object };

export const grpcInputs: fc.Arbitrary<GrpcInput> = fc.oneof(
  fc.uint8Array({ maxLength: 2000 }).map((bytes) => ({ raw: Buffer.from(bytes) })),
  fc.array(rawField, { maxLength: 20 }).map((fields) => ({ raw: Buffer.concat(fields) })),
  extremeMessages.map((message) => ({ message })),
);
