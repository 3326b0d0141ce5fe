// RESPONSE_DYNAMIC_METADATA=true (docs/decisions.md#dynamic-metadata): the request as a Struct
// (domain, descriptors with `key=value` entries, override text, hits addends) plus the merged
// config `metadata` of every descriptor that passed (not unlimited, not OVER_LIMIT;
// shadow-rewritten ones count as passed).
import type { LimitOverride } from '@repo/rules';
import type { DescriptorDecision } from '../limiter/descriptor-decision';
import type { RateLimitRequest } from '../rate-limit-types';

type JsonObject = Record<string, unknown>;

export function buildDynamicMetadata(
  request: RateLimitRequest,
  decisions: readonly DescriptorDecision[],
): JsonObject {
  const result: JsonObject = {
    domain: request.domain,
    descriptors: request.descriptors.map((descriptor) => {
      const item: JsonObject = { entries: descriptor.entries.map(({ key, value }) => `${key}=${value}`) };
      if (descriptor.limit !== undefined) item.limit = overrideText(descriptor.limit);
      if (descriptor.hitsAddend !== undefined) item.hitsAddend = descriptor.hitsAddend;
      return item;
    }),
  };
  if (request.hitsAddend !== 0) result.hitsAddend = request.hitsAddend;
  const metadata: JsonObject = {};
  for (const { limit, isUnlimited, status } of decisions) {
    const config = limit?.rule.metadata;
    if (config === undefined || isUnlimited || status.code === 'OVER_LIMIT') continue;
    mergeFirstWins(metadata, config);
  }
  if (Object.keys(metadata).length > 0) result.metadata = metadata;
  return result;
}

/** The override in protobuf text format, which leaves out a zero requests_per_unit. */
function overrideText({ requestsPerUnit, unit }: LimitOverride): string {
  return requestsPerUnit === 0 ? `unit:${unit}` : `requests_per_unit:${requestsPerUnit} unit:${unit}`;
}

/** First writer wins for scalars and lists; nested objects are merged recursively. */
function mergeFirstWins(target: JsonObject, source: Readonly<JsonObject>): void {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (existing === undefined) target[key] = isObject(value) ? structuredClone(value) : value;
    else if (isObject(existing) && isObject(value)) mergeFirstWins(existing, value);
  }
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
