// RateLimitDecision -> proto3 JSON text (as Go's protojson writes it): lowerCamelCase names, enum names,
// zero values omitted (`{"code":"OK"}` for a descriptor without limit, no `limitRemaining` when
// it is 0), durations as `"58s"`, dynamic metadata as a plain JSON object.
import type { DescriptorStatus, RateLimitDecision } from '../../rate-limit-types';

export function decisionToJson(decision: RateLimitDecision): string {
  const body: Record<string, unknown> = {
    overallCode: decision.overallCode,
    statuses: decision.statuses.map(statusToJson),
  };
  if (decision.responseHeadersToAdd.length > 0) {
    body.responseHeadersToAdd = decision.responseHeadersToAdd.map(({ key, value }) => {
      const header: Record<string, string> = {};
      if (key !== '') header.key = key;
      if (value !== '') header.value = value;
      return header;
    });
  }
  if (decision.dynamicMetadata !== undefined) body.dynamicMetadata = decision.dynamicMetadata;
  return JSON.stringify(body);
}

function statusToJson(status: DescriptorStatus): Record<string, unknown> {
  const json: Record<string, unknown> = { code: status.code };
  const rule = status.currentLimit;
  if (rule !== undefined) {
    const limit: Record<string, unknown> = {};
    if (rule.name) limit.name = rule.name;
    if (rule.requestsPerUnit !== 0) limit.requestsPerUnit = rule.requestsPerUnit;
    limit.unit = rule.unit;
    json.currentLimit = limit;
  }
  if (status.limitRemaining !== 0) json.limitRemaining = status.limitRemaining;
  if (status.durationUntilResetSeconds !== undefined)
    json.durationUntilReset = `${status.durationUntilResetSeconds}s`;
  return json;
}
