// Descriptor records (limiter/descriptor-decision.ts) from the parts a test lists side by side.
import type { MatchedLimit } from '@repo/rules';
import type { DescriptorDecision } from '../../src/limiter/descriptor-decision';
import type { DescriptorStatus } from '../../src/rate-limit-types';

export function descriptorDecisions(
  statuses: readonly DescriptorStatus[],
  limits: readonly (MatchedLimit | undefined)[],
  isUnlimited: readonly boolean[] = [],
): DescriptorDecision[] {
  return statuses.map((status, i) => ({ status, limit: limits[i], isUnlimited: isUnlimited[i] ?? false }));
}
